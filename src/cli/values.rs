//! How the value types of lower layers are spelled on the command line. The types themselves know
//! nothing of clap; their possible values, help and aliases are given here, where flags are parsed.

use clap::ValueEnum;
use clap::builder::PossibleValue;

use crate::format::Format;
use crate::summary::Dimension;

impl ValueEnum for Format {
    fn value_variants<'a>() -> &'a [Self] {
        &Format::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let value = PossibleValue::new(self.name());
        Some(match self {
            Format::Xlsx => {
                value.help("An Excel workbook with typed cells; binary, so only into a file (`-o`)")
            }
            Format::Parquet => value
                .help("A typed, columnar Parquet file (zstd); binary, so only into a file (`-o`)"),
            _ => value,
        })
    }
}

impl ValueEnum for Dimension {
    fn value_variants<'a>() -> &'a [Self] {
        &Dimension::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let value = PossibleValue::new(self.name());
        Some(match self {
            Dimension::Month => value
                .help("The month of the record's date (YYYY-MM)")
                .alias("mes"),
            Dimension::Seller => value.alias("vendedor"),
            Dimension::Status => value,
            Dimension::Clinic => value.alias("clinica"),
            Dimension::Channel => value.alias("canal"),
            Dimension::Service => value.alias("servico"),
        })
    }
}
