//! `--bandwidth`: what each connection sends is paced to a fixed rate, as a clinic's internet
//! link would. The pacing wraps the socket, so it applies to the bytes that really go on the
//! wire: headers and the body after compression. What the client sends is not slowed down.

use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll};

use async_speed_limit::Limiter;
use async_speed_limit::clock::StandardClock;
use async_speed_limit::limiter::Resource;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

/// Share of a second's worth of bytes written in one go, so the link drips rather than bursts.
const SLICES_PER_SECOND: f64 = 10.0;

/// Accepts like a `TcpListener`; every connection gets its own budget of `bytes_per_second`.
pub struct PacedListener {
    inner: TcpListener,
    bytes_per_second: f64,
}

impl PacedListener {
    pub fn new(inner: TcpListener, kilobits_per_second: u64) -> Self {
        PacedListener {
            inner,
            bytes_per_second: kilobits_per_second as f64 * 1000.0 / 8.0,
        }
    }
}

impl axum::serve::Listener for PacedListener {
    type Io = Paced;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Paced, SocketAddr) {
        let (stream, addr) = axum::serve::Listener::accept(&mut self.inner).await;
        (Paced::new(stream, self.bytes_per_second), addr)
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.inner.local_addr()
    }
}

/// A connection whose writes wait for the rate; reads go straight to the socket.
pub struct Paced {
    stream: Pin<Box<Resource<TcpStream, StandardClock>>>,
    /// Largest write let through at once.
    slice: usize,
}

impl Paced {
    fn new(stream: TcpStream, bytes_per_second: f64) -> Self {
        let limiter = <Limiter>::new(bytes_per_second);
        Paced {
            stream: Box::pin(limiter.limit(stream)),
            slice: ((bytes_per_second / SLICES_PER_SECOND) as usize).max(512),
        }
    }
}

impl AsyncRead for Paced {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        self.stream.as_mut().get_pin_mut().poll_read(cx, buf)
    }
}

impl AsyncWrite for Paced {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let end = buf.len().min(self.slice);
        self.stream.as_mut().poll_write(cx, &buf[..end])
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.stream.as_mut().poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.stream.as_mut().poll_shutdown(cx)
    }
}
