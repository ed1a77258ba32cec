//! The union of column names seen so far, in first-seen order.

use std::collections::HashMap;

#[derive(Debug, Default)]
pub(crate) struct Columns {
    names: Vec<String>,
    positions: HashMap<String, usize>,
    /// The column of each leaf of the previous record, by the leaf's index: records of one list
    /// mostly share their layout, so a name compare usually replaces a hash lookup.
    recent: Vec<usize>,
}

impl Columns {
    /// The position of `name`, appending it if it was never seen.
    pub(crate) fn position(&mut self, name: &str) -> usize {
        if let Some(&position) = self.positions.get(name) {
            return position;
        }
        let position = self.names.len();
        self.names.push(name.to_owned());
        self.positions.insert(name.to_owned(), position);
        position
    }

    /// [`Columns::position`] of the `index`-th leaf of a record.
    pub(crate) fn position_of_leaf(&mut self, index: usize, name: &str) -> usize {
        if let Some(&position) = self.recent.get(index)
            && self.names[position] == name
        {
            return position;
        }
        let position = self.position(name);
        if index >= self.recent.len() {
            self.recent.resize(index + 1, 0);
        }
        self.recent[index] = position;
        position
    }

    pub(crate) fn len(&self) -> usize {
        self.names.len()
    }

    pub(crate) fn names(&self) -> &[String] {
        &self.names
    }

    pub(crate) fn into_names(self) -> Vec<String> {
        self.names
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_keep_first_seen_order_and_positions_are_stable() {
        let mut columns = Columns::default();
        assert_eq!(columns.position("b"), 0);
        assert_eq!(columns.position("a"), 1);
        assert_eq!(columns.position("b"), 0);
        assert_eq!(columns.position("c.d"), 2);
        assert_eq!(columns.position_of_leaf(0, "a"), 1);
        assert_eq!(columns.position_of_leaf(0, "a"), 1);
        assert_eq!(columns.position_of_leaf(0, "e"), 3);
        assert_eq!(columns.position_of_leaf(1, "b"), 0);
        assert_eq!(columns.into_names(), ["b", "a", "c.d", "e"]);
    }
}
