//! Sending a document to a printer's raw port (JetDirect / "port 9100"): connect, write
//! the bytes, close. Every step has a deadline, so a printer that is off or out of
//! paper costs seconds, not a hung task.

use std::net::SocketAddr;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// How long to wait for the printer to close its side after the last byte; many
/// printers send a status byte or two, which is read and thrown away (closing with
/// unread data would reset the connection and could lose the end of the ticket).
const DRAIN_AT_MOST: Duration = Duration::from_secs(1);

/// Why a printer did not take a document; `code` is what the admin screens translate.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PrintError {
    #[error(
        "the printer refused the connection on port {port} (wrong port, or printing over the network is off)"
    )]
    Refused { port: u16 },
    #[error("no answer within {seconds} s (printer off, or wrong address)")]
    NoAnswer { seconds: u64 },
    #[error("the network cannot reach the printer ({reason})")]
    Unreachable { reason: String },
    #[error("the printer stopped taking data within {seconds} s (paper out or cover open?)")]
    Stalled { seconds: u64 },
    #[error("the connection to the printer failed ({reason})")]
    Network { reason: String },
}

impl PrintError {
    pub fn code(&self) -> &'static str {
        match self {
            PrintError::Refused { .. } => "refused",
            PrintError::NoAnswer { .. } => "no_answer",
            PrintError::Unreachable { .. } => "unreachable",
            PrintError::Stalled { .. } => "stalled",
            PrintError::Network { .. } => "network",
        }
    }
}

fn connect_error(error: &std::io::Error, port: u16, seconds: u64) -> PrintError {
    use std::io::ErrorKind;
    match error.kind() {
        ErrorKind::ConnectionRefused => PrintError::Refused { port },
        ErrorKind::TimedOut => PrintError::NoAnswer { seconds },
        ErrorKind::HostUnreachable
        | ErrorKind::NetworkUnreachable
        | ErrorKind::AddrNotAvailable => PrintError::Unreachable {
            reason: error.to_string(),
        },
        _ => PrintError::Network {
            reason: error.to_string(),
        },
    }
}

/// Sends `bytes` to the printer at `address`; connecting and writing may take at most
/// `timeout` each.
pub async fn send(address: SocketAddr, bytes: &[u8], timeout: Duration) -> Result<(), PrintError> {
    let port = address.port();
    let seconds = timeout.as_secs().max(1);
    let mut stream = match tokio::time::timeout(timeout, TcpStream::connect(address)).await {
        Ok(Ok(stream)) => stream,
        Ok(Err(error)) => return Err(connect_error(&error, port, seconds)),
        Err(_) => return Err(PrintError::NoAnswer { seconds }),
    };
    let written = tokio::time::timeout(timeout, async {
        stream.write_all(bytes).await?;
        stream.flush().await?;
        stream.shutdown().await
    })
    .await;
    match written {
        Ok(Ok(())) => {}
        Ok(Err(error)) => {
            return Err(PrintError::Network {
                reason: error.to_string(),
            });
        }
        Err(_) => return Err(PrintError::Stalled { seconds }),
    }
    let _ = tokio::time::timeout(DRAIN_AT_MOST.min(timeout), async {
        let mut sink = [0u8; 256];
        while matches!(stream.read(&mut sink).await, Ok(n) if n > 0) {}
    })
    .await;
    Ok(())
}
