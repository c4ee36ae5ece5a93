//! A tiny SMTP server on 127.0.0.1 that accepts every mail and hands its text to the
//! test: enough of RFC 5321 for lettre's plain (unencrypted) client.

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::sync::mpsc;

pub struct SmtpSink {
    pub port: u16,
    pub mails: mpsc::UnboundedReceiver<String>,
}

impl SmtpSink {
    pub async fn start() -> SmtpSink {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let (sender, mails) = mpsc::unbounded_channel();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let sender = sender.clone();
                tokio::spawn(async move {
                    let (read, mut write) = stream.into_split();
                    let mut lines = BufReader::new(read).lines();
                    let _ = write.write_all(b"220 sink ESMTP\r\n").await;
                    let mut in_data = false;
                    let mut data = String::new();
                    while let Ok(Some(line)) = lines.next_line().await {
                        if in_data {
                            if line == "." {
                                in_data = false;
                                let _ = sender.send(std::mem::take(&mut data));
                                let _ = write.write_all(b"250 queued\r\n").await;
                            } else {
                                data.push_str(&line);
                                data.push('\n');
                            }
                            continue;
                        }
                        let command = line.to_ascii_uppercase();
                        let reply: &[u8] = if command.starts_with("EHLO") {
                            b"250-sink\r\n250 8BITMIME\r\n"
                        } else if command.starts_with("DATA") {
                            in_data = true;
                            b"354 go ahead\r\n"
                        } else if command.starts_with("QUIT") {
                            let _ = write.write_all(b"221 bye\r\n").await;
                            break;
                        } else {
                            b"250 ok\r\n"
                        };
                        let _ = write.write_all(reply).await;
                    }
                });
            }
        });
        SmtpSink { port, mails }
    }
}
