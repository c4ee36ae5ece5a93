//! Kitchen printers on the LAN: what a printer is (and what makes one valid), the
//! ESC/POS bytes it understands, the layout of the kitchen ticket, the customer receipt
//! and the test page, and the rules of the print queue (when a job is due, how long to
//! wait after a failure). Nothing here opens a socket.

pub mod escpos;
pub mod job;
pub mod printer;
pub mod texts;
pub mod tickets;
mod tse_block;

#[cfg(test)]
pub(crate) mod test_order;

pub use job::{PrintJob, TicketKind};
pub use printer::{Printer, PrinterError, PrinterInput, Prints};
