//! Order changes, pushed to the restaurant's board and to the customer's status page.
//! Every committed change of an order is published once; each socket picks what it may
//! see (the board: all; a customer: their own order).

use std::sync::Arc;

use tokio::sync::broadcast;

use crate::domain::order::Order;

/// Changes a slow socket may fall behind by before it is told to reload.
const BACKLOG: usize = 256;

pub struct OrderHub {
    changes: broadcast::Sender<Arc<Order>>,
}

impl Default for OrderHub {
    fn default() -> Self {
        OrderHub {
            changes: broadcast::channel(BACKLOG).0,
        }
    }
}

impl OrderHub {
    /// Announces an order as it was just committed.
    pub fn publish(&self, order: &Order) {
        // No subscribers is fine: nobody is watching.
        let _ = self.changes.send(Arc::new(order.clone()));
    }

    pub fn subscribe(&self) -> broadcast::Receiver<Arc<Order>> {
        self.changes.subscribe()
    }
}
