//! Cart rules shared with the storefront (spec §3, §4, §9): the line key, merging of
//! equal lines, and the subtotal. The server reprices orders with these.

/// An extra on a cart line: a topping and how many of it, at its group price.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CartExtra {
    pub topping_id: u64,
    pub quantity: u32,
    pub price_cents: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CartLine {
    pub product_id: u64,
    pub variant_id: Option<u64>,
    /// Unit price: the variant's price, or the product's for simple products.
    pub price_cents: i64,
    pub extras: Vec<CartExtra>,
    pub quantity: u32,
}

impl CartLine {
    /// Product id, variant id or `base`, then the extras as `id x quantity` sorted by
    /// id: `9|101|3x1,7x2`. Two lines with the same key are the same thing.
    pub fn key(&self) -> String {
        let mut extras: Vec<(u64, u32)> = self
            .extras
            .iter()
            .map(|extra| (extra.topping_id, extra.quantity))
            .collect();
        extras.sort_unstable();
        let extras: Vec<String> = extras
            .iter()
            .map(|(id, quantity)| format!("{id}x{quantity}"))
            .collect();
        let variant = self
            .variant_id
            .map_or_else(|| "base".to_string(), |id| id.to_string());
        format!("{}|{variant}|{}", self.product_id, extras.join(","))
    }

    /// One item with its extras: price + Σ extra price × extra quantity.
    pub fn unit_cents(&self) -> i64 {
        let extras: i64 = self
            .extras
            .iter()
            .map(|extra| extra.price_cents * i64::from(extra.quantity))
            .sum();
        self.price_cents + extras
    }

    /// price × quantity + Σ extra price × extra quantity × quantity.
    pub fn total_cents(&self) -> i64 {
        self.unit_cents() * i64::from(self.quantity)
    }
}

/// Adds `line`: a line with the same key gets the quantity added, else it is appended.
pub fn add_line(lines: &mut Vec<CartLine>, line: CartLine) {
    let key = line.key();
    match lines.iter_mut().find(|existing| existing.key() == key) {
        Some(existing) => existing.quantity += line.quantity,
        None => lines.push(line),
    }
}

/// Replaces the line at `index` with `edited`; if that makes it equal to another line,
/// the two merge into the other line's place.
pub fn edit_line(lines: &mut Vec<CartLine>, index: usize, edited: CartLine) {
    if index >= lines.len() {
        return;
    }
    let key = edited.key();
    let collision = lines
        .iter()
        .enumerate()
        .position(|(i, line)| i != index && line.key() == key);
    match collision {
        Some(other) => {
            lines[other].quantity += edited.quantity;
            lines.remove(index);
        }
        None => lines[index] = edited,
    }
}

pub fn subtotal_cents(lines: &[CartLine]) -> i64 {
    lines.iter().map(CartLine::total_cents).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn extra(topping_id: u64, quantity: u32, price_cents: i64) -> CartExtra {
        CartExtra {
            topping_id,
            quantity,
            price_cents,
        }
    }

    fn line(product_id: u64, variant_id: Option<u64>, extras: Vec<CartExtra>) -> CartLine {
        CartLine {
            product_id,
            variant_id,
            price_cents: 800,
            extras,
            quantity: 1,
        }
    }

    #[test]
    fn the_key_sorts_extras_and_names_the_base() {
        let a = line(9, Some(101), vec![extra(7, 2, 100), extra(3, 1, 50)]);
        let b = line(9, Some(101), vec![extra(3, 1, 50), extra(7, 2, 100)]);
        assert_eq!(a.key(), "9|101|3x1,7x2");
        assert_eq!(a.key(), b.key());
        assert_eq!(line(4, None, vec![]).key(), "4|base|");
        assert_ne!(
            line(9, Some(101), vec![extra(3, 1, 50)]).key(),
            line(9, Some(101), vec![extra(3, 2, 50)]).key(),
            "extra quantities are part of the key"
        );
    }

    #[test]
    fn adding_the_same_thing_raises_the_quantity() {
        let mut lines = Vec::new();
        add_line(&mut lines, line(9, Some(101), vec![extra(3, 1, 50)]));
        add_line(&mut lines, line(9, Some(101), vec![extra(3, 1, 50)]));
        add_line(&mut lines, line(9, Some(102), vec![extra(3, 1, 50)]));
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].quantity, 2);
    }

    #[test]
    fn editing_a_line_into_another_merges_them() {
        let mut lines = vec![line(9, Some(101), vec![]), line(9, Some(102), vec![])];
        lines[1].quantity = 3;
        edit_line(&mut lines, 0, line(9, Some(102), vec![]));
        assert_eq!(lines.len(), 1);
        assert_eq!(lines[0].variant_id, Some(102));
        assert_eq!(lines[0].quantity, 4);
    }

    #[test]
    fn editing_without_a_collision_replaces_in_place() {
        let mut lines = vec![line(9, Some(101), vec![]), line(5, None, vec![])];
        edit_line(&mut lines, 0, line(9, Some(103), vec![]));
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].variant_id, Some(103));
    }

    #[test]
    fn the_subtotal_multiplies_extras_by_the_item_quantity() {
        let mut pizza = line(9, Some(101), vec![extra(3, 2, 150), extra(7, 1, 100)]);
        pizza.price_cents = 990;
        pizza.quantity = 3;
        let mut cola = line(40, None, vec![]);
        cola.price_cents = 280;
        cola.quantity = 2;
        // 990×3 + (150×2 + 100×1)×3 + 280×2
        assert_eq!(subtotal_cents(&[pizza, cola]), 2970 + 1200 + 560);
    }
}
