//! Formats made of a header and rows (csv, tsv, table). Columns are either chosen with
//! `--columns` (rows stream straight through) or discovered from the records (rows are stored
//! until the last record, because a later record may add a column).

use std::io::{self, Write};

use serde_json::Value;

use super::collect::Collector;
use super::flatten::selected_cell;

/// Where a tabular format sends its header and rows; `header` comes once, before any row.
pub(crate) trait RowSink: Send {
    fn header(&mut self, out: &mut dyn Write, names: &[String]) -> io::Result<()>;
    fn row(&mut self, out: &mut dyn Write, cells: Vec<String>) -> io::Result<()>;
    fn end(&mut self, out: &mut dyn Write) -> io::Result<()>;
    /// Columns of the header that the rows left out (a table narrowed for a terminal).
    fn hidden_columns(&self) -> usize {
        0
    }
}

enum Layout {
    Selected(Vec<String>),
    Discovered(Collector),
}

pub(crate) struct Tabular {
    layout: Layout,
    sink: Box<dyn RowSink>,
}

impl Tabular {
    /// With chosen columns the header is written at once, so even an empty list gets one.
    pub(crate) fn selected(
        columns: Vec<String>,
        mut sink: Box<dyn RowSink>,
        out: &mut dyn Write,
    ) -> io::Result<Self> {
        sink.header(out, &columns)?;
        Ok(Self {
            layout: Layout::Selected(columns),
            sink,
        })
    }

    pub(crate) fn discovered(memory_limit: usize, sink: Box<dyn RowSink>) -> Self {
        Self {
            layout: Layout::Discovered(Collector::new(memory_limit)),
            sink,
        }
    }

    pub(crate) fn record(&mut self, out: &mut dyn Write, record: &Value) -> io::Result<()> {
        match &mut self.layout {
            Layout::Selected(columns) => {
                let cells = columns.iter().map(|c| selected_cell(record, c)).collect();
                self.sink.row(out, cells)
            }
            Layout::Discovered(collector) => collector.push(record),
        }
    }

    /// Records without a single field give no columns, hence no output at all. Returns how many
    /// columns the sink left out.
    pub(crate) fn finish(mut self, out: &mut dyn Write) -> io::Result<usize> {
        if let Layout::Discovered(collector) = self.layout {
            let (names, rows) = collector.finish()?;
            if names.is_empty() {
                return Ok(0);
            }
            self.sink.header(out, &names)?;
            for row in rows {
                self.sink.row(out, row?)?;
            }
        }
        self.sink.end(out)?;
        Ok(self.sink.hidden_columns())
    }
}
