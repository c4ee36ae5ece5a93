//! The VAT in an order. Menu prices include VAT, so each rate's share is taken out of
//! the gross amount: net = gross × 100 / (100 + rate), rounded to the cent. The order
//! discount and the delivery fee are spread over the rates in proportion to each rate's
//! share of the goods (the fee follows the food it delivers), with largest-remainder
//! rounding so the parts add up to the cent. A deposit (Pfand) bears the VAT of what it
//! is charged with, undiscounted.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct VatLine {
    /// 7 % is 700.
    pub rate_basis_points: u32,
    pub gross_cents: i64,
    pub net_cents: i64,
    pub vat_cents: i64,
}

/// Splits `amount` (≥ 0) in proportion to `weights` (≥ 0); the parts sum to `amount`.
pub fn allocate(amount: i64, weights: &[i64]) -> Vec<i64> {
    let total: i64 = weights.iter().sum();
    if weights.is_empty() {
        return Vec::new();
    }
    if total <= 0 {
        let mut parts = vec![0; weights.len()];
        parts[0] = amount;
        return parts;
    }
    let amount128 = i128::from(amount);
    let total128 = i128::from(total);
    let mut parts: Vec<i64> = Vec::with_capacity(weights.len());
    let mut remainders: Vec<(i128, usize)> = Vec::with_capacity(weights.len());
    for (index, weight) in weights.iter().enumerate() {
        let exact = amount128 * i128::from(*weight);
        parts.push((exact / total128) as i64);
        remainders.push((exact % total128, index));
    }
    let mut left = amount - parts.iter().sum::<i64>();
    // Largest remainder first; ties go to the earlier (lower) rate.
    remainders.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    for (_, index) in remainders {
        if left == 0 {
            break;
        }
        parts[index] += 1;
        left -= 1;
    }
    parts
}

/// `gross` (VAT included) → (net, vat) at `rate_basis_points`, net rounded half up.
pub fn split_gross(gross_cents: i64, rate_basis_points: u32) -> (i64, i64) {
    let divisor = 10_000 + i64::from(rate_basis_points);
    let net = (gross_cents * 10_000 * 2 + divisor) / (2 * divisor);
    (net, gross_cents - net)
}

/// One line per VAT rate, lowest rate first. `goods` are (rate, gross line total),
/// `reductions` what is taken off the goods (the standing discount, a coupon), each
/// split over the rates by the goods on its own, `deposits` (rate, gross deposit of a
/// line).
pub fn vat_breakdown(
    goods: &[(u32, i64)],
    reductions: &[i64],
    delivery_fee_cents: i64,
    deposits: &[(u32, i64)],
) -> Vec<VatLine> {
    let mut per_rate: BTreeMap<u32, i64> = BTreeMap::new();
    let mut deposit_per_rate: BTreeMap<u32, i64> = BTreeMap::new();
    for (rate, gross) in goods {
        *per_rate.entry(*rate).or_default() += gross;
    }
    for (rate, gross) in deposits {
        per_rate.entry(*rate).or_default();
        *deposit_per_rate.entry(*rate).or_default() += gross;
    }
    let rates: Vec<u32> = per_rate.keys().copied().collect();
    let weights: Vec<i64> = per_rate.values().copied().collect();
    let mut discounts = vec![0; weights.len()];
    for reduction in reductions {
        for (sum, part) in discounts.iter_mut().zip(allocate(*reduction, &weights)) {
            *sum += part;
        }
    }
    let fees = allocate(delivery_fee_cents, &weights);
    rates
        .iter()
        .enumerate()
        .map(|(i, rate)| {
            let deposit = deposit_per_rate.get(rate).copied().unwrap_or(0);
            let gross = weights[i] - discounts[i] + fees[i] + deposit;
            let (net, vat) = split_gross(gross, *rate);
            VatLine {
                rate_basis_points: *rate,
                gross_cents: gross,
                net_cents: net,
                vat_cents: vat,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocation_adds_up_exactly() {
        assert_eq!(allocate(100, &[1, 1, 1]), vec![34, 33, 33]);
        assert_eq!(allocate(0, &[5, 7]), vec![0, 0]);
        assert_eq!(allocate(250, &[1000, 3000]), vec![63, 187]);
        assert_eq!(allocate(7, &[0, 0]), vec![7, 0]);
        for amount in 0..500 {
            let parts = allocate(amount, &[1234, 999, 1]);
            assert_eq!(parts.iter().sum::<i64>(), amount);
        }
    }

    #[test]
    fn gross_splits_into_net_and_vat() {
        assert_eq!(split_gross(1070, 700), (1000, 70));
        assert_eq!(split_gross(1190, 1900), (1000, 190));
        // 9,99 € at 19 %: 8,3949… → 8,39 net.
        assert_eq!(split_gross(999, 1900), (839, 160));
        assert_eq!(split_gross(0, 700), (0, 0));
    }

    #[test]
    fn discount_and_fee_follow_each_rates_share() {
        // 30 € food at 7 %, 10 € drinks at 19 %, 10 % discount (4 €), 2 € fee.
        let lines = vat_breakdown(&[(700, 2000), (1900, 1000), (700, 1000)], &[400], 200, &[]);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].rate_basis_points, 700);
        assert_eq!(lines[0].gross_cents, 3000 - 300 + 150);
        assert_eq!(lines[1].gross_cents, 1000 - 100 + 50);
        let total: i64 = lines.iter().map(|l| l.gross_cents).sum();
        assert_eq!(total, 4000 - 400 + 200);
        for line in &lines {
            assert_eq!(line.net_cents + line.vat_cents, line.gross_cents);
        }
    }

    #[test]
    fn a_deposit_bears_its_drinks_rate_undiscounted() {
        // 20 € food at 7 %, 10 € drinks at 19 % with 1 € deposit, 10 % discount (3 €).
        let lines = vat_breakdown(&[(700, 2000), (1900, 1000)], &[300], 0, &[(1900, 100)]);
        assert_eq!(lines[0].gross_cents, 2000 - 200);
        assert_eq!(lines[1].gross_cents, 1000 - 100 + 100);
        assert_eq!(
            split_gross(1000, 1900),
            (lines[1].net_cents, lines[1].vat_cents)
        );
    }
}
