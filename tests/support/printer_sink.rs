//! A network printer stand-in: a TCP listener on 127.0.0.1 that records the bytes of
//! every connection, and a decoder that turns ESC/POS bytes into what the printer
//! would put on paper (commands checked and skipped, text decoded from the code page
//! the document selected).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::AsyncReadExt;
use tokio::net::TcpListener;
use tokio::task::JoinHandle;

pub struct PrinterSink {
    pub port: u16,
    received: Arc<Mutex<Vec<Vec<u8>>>>,
    task: JoinHandle<()>,
}

impl PrinterSink {
    /// A sink on a free port.
    pub async fn start() -> PrinterSink {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        PrinterSink::serve(listener)
    }

    /// A sink on `port` (a printer coming back on its address). Retries for a moment
    /// while the port is still held by the closed one.
    pub async fn start_on(port: u16) -> PrinterSink {
        for _ in 0..50 {
            if let Ok(listener) = TcpListener::bind(("127.0.0.1", port)).await {
                return PrinterSink::serve(listener);
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("port {port} could not be bound again");
    }

    /// A port on which nothing listens (a printer that is switched off).
    pub async fn closed_port() -> u16 {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        listener.local_addr().unwrap().port()
    }

    fn serve(listener: TcpListener) -> PrinterSink {
        let port = listener.local_addr().unwrap().port();
        let received: Arc<Mutex<Vec<Vec<u8>>>> = Arc::default();
        let store = Arc::clone(&received);
        let task = tokio::spawn(async move {
            while let Ok((mut socket, _)) = listener.accept().await {
                let store = Arc::clone(&store);
                tokio::spawn(async move {
                    let mut bytes = Vec::new();
                    // A printer reads until the sender closes; bounded so a stuck
                    // sender cannot keep the test waiting.
                    let read = tokio::time::timeout(
                        Duration::from_secs(10),
                        socket.read_to_end(&mut bytes),
                    )
                    .await;
                    if matches!(read, Ok(Ok(_))) {
                        store.lock().unwrap().push(bytes);
                    }
                });
            }
        });
        PrinterSink {
            port,
            received,
            task,
        }
    }

    /// What each finished connection sent, in order of arrival.
    pub fn connections(&self) -> Vec<Vec<u8>> {
        self.received.lock().unwrap().clone()
    }

    /// The connections once there are at least `count` (checked every 50 ms, at most
    /// `limit`); whatever arrived otherwise, for the assertion to show.
    pub async fn wait_for(&self, count: usize, limit: Duration) -> Vec<Vec<u8>> {
        let started = std::time::Instant::now();
        while started.elapsed() < limit {
            if self.connections().len() >= count {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        self.connections()
    }

    /// Closes the port: the printer is off.
    pub async fn stop(self) {
        self.task.abort();
        let _ = self.task.await;
    }
}

/// What an ESC/POS document prints.
#[derive(Debug, Default)]
pub struct Printout {
    /// The text as it comes out of the printer, lines ended by `\n`.
    pub text: String,
    /// Text printed at double width and height (`GS ! 0x11`).
    pub large: String,
    /// Text printed in bold (`ESC E 1`).
    pub bold: String,
    /// `ESC t n` seen: the code table.
    pub code_page: Option<u8>,
    /// How many `GS V` cuts.
    pub cuts: usize,
    /// Nothing but a cut after the last text.
    pub ends_with_cut: bool,
    /// `ESC @` resets.
    pub resets: usize,
    /// The data of each QR code printed (`GS ( k`: stored with function 180 and
    /// printed with function 181).
    pub qr_codes: Vec<String>,
}

/// Decodes `bytes`; panics on a command this decoder does not know or a stray control
/// byte, so a malformed document fails the test.
pub fn decode(bytes: &[u8]) -> Printout {
    let mut out = Printout::default();
    let mut i = 0;
    let mut large = false;
    let mut bold = false;
    let mut stored_qr: Option<String> = None;
    let mut run: Vec<u8> = Vec::new();
    let flush = |run: &mut Vec<u8>, out: &mut Printout, large: bool, bold: bool| {
        if run.is_empty() {
            return;
        }
        assert_eq!(out.code_page, Some(16), "text before ESC t 16 (WPC1252)");
        let (text, _, bad) = encoding_rs::WINDOWS_1252.decode(run);
        assert!(!bad, "undecodable text");
        out.text.push_str(&text);
        if large {
            out.large.push_str(&text);
        }
        if bold {
            out.bold.push_str(&text);
        }
        out.ends_with_cut = false;
        run.clear();
    };
    while i < bytes.len() {
        let byte = bytes[i];
        match byte {
            0x1b => {
                flush(&mut run, &mut out, large, bold);
                let command = bytes.get(i + 1).copied().expect("ESC at the end");
                let argument = bytes.get(i + 2).copied();
                match command {
                    b'@' => {
                        out.resets += 1;
                        large = false;
                        bold = false;
                        i += 2;
                        continue;
                    }
                    b't' => out.code_page = argument,
                    b'E' => bold = argument == Some(1),
                    b'R' | b'a' | b'd' | b'-' => {}
                    other => panic!("unknown ESC {other:#04x} at byte {i}"),
                }
                assert!(
                    argument.is_some(),
                    "ESC {command:#04x} without its argument"
                );
                i += 3;
            }
            0x1d => {
                flush(&mut run, &mut out, large, bold);
                let command = bytes.get(i + 1).copied().expect("GS at the end");
                match command {
                    b'!' => {
                        large = bytes.get(i + 2).copied().expect("GS ! argument") == 0x11;
                        i += 3;
                    }
                    b'V' => {
                        let mode = bytes.get(i + 2).copied().expect("GS V mode");
                        i += if mode == 65 || mode == 66 { 4 } else { 3 };
                        assert!(i <= bytes.len(), "GS V without its argument");
                        out.cuts += 1;
                        out.ends_with_cut = true;
                    }
                    b'(' => {
                        assert_eq!(bytes.get(i + 2), Some(&b'k'), "GS ( other than k");
                        let low = usize::from(*bytes.get(i + 3).expect("GS ( k pL"));
                        let high = usize::from(*bytes.get(i + 4).expect("GS ( k pH"));
                        let length = low + high * 256;
                        let body = bytes.get(i + 5..i + 5 + length).expect("GS ( k data");
                        assert_eq!(body[0], 49, "GS ( k cn is 49 (QR code)");
                        match body[1] {
                            // Store the data: fn 180 (`P`), m = 48.
                            80 => {
                                assert_eq!(body[2], 48);
                                stored_qr = Some(String::from_utf8(body[3..].to_vec()).unwrap());
                            }
                            // Print the stored data: fn 181 (`Q`).
                            81 => out.qr_codes.push(
                                stored_qr
                                    .take()
                                    .expect("a QR code printed before it was stored"),
                            ),
                            65 | 67 | 69 => {}
                            other => panic!("unknown QR function {other}"),
                        }
                        i += 5 + length;
                    }
                    other => panic!("unknown GS {other:#04x} at byte {i}"),
                }
            }
            b'\n' => {
                run.push(byte);
                i += 1;
            }
            control if control < 0x20 || control == 0x7f => {
                panic!("stray control byte {control:#04x} at {i}")
            }
            _ => {
                run.push(byte);
                i += 1;
            }
        }
    }
    flush(&mut run, &mut out, large, bold);
    out
}
