//! A name (a profile's, a database's) made safe as part of a file or folder name on every system:
//! ASCII letters, digits, `-` and `_` stay, anything else becomes `_`.

pub fn part(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_safe_characters_stay() {
        assert_eq!(super::part("matriz-sp_2"), "matriz-sp_2");
        assert_eq!(super::part("São Paulo/../x:1"), "S_o_Paulo____x_1");
    }
}
