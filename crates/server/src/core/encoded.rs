//! A reply body that does not change while the server runs — an embedded
//! file of the web UI, the registry — with its content hash (for ETags and
//! file names) and its gzip and brotli forms, each compressed once, when
//! first asked for.

use bytes::Bytes;
use sha2::{Digest, Sha256};
use std::fmt::Write as _;
use std::io::Write as _;
use std::sync::OnceLock;

/// Bodies shorter than this are sent as they are: compressing them saves
/// less than the header costs.
const WORTH_COMPRESSING: usize = 1024;

/// A content coding of a reply body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coding {
    /// As it is.
    Identity,
    /// gzip (RFC 1952).
    Gzip,
    /// Brotli (RFC 7932).
    Brotli,
}

impl Coding {
    /// The `Content-Encoding` value, `None` for [`Coding::Identity`].
    pub fn header(self) -> Option<&'static str> {
        match self {
            Coding::Identity => None,
            Coding::Gzip => Some("gzip"),
            Coding::Brotli => Some("br"),
        }
    }

    /// The best coding an `Accept-Encoding` value allows: brotli, then
    /// gzip, else none (a coding with `q=0` is refused).
    pub fn accepted(accept_encoding: &str) -> Coding {
        let accepts = |name: &str| {
            accept_encoding.split(',').any(|part| {
                let mut fields = part.split(';').map(str::trim);
                let coding = fields.next().unwrap_or_default();
                let refused = fields.any(|param| {
                    param.strip_prefix("q=").and_then(|q| q.trim().parse::<f32>().ok()) == Some(0.0)
                });
                coding.eq_ignore_ascii_case(name) && !refused
            })
        };
        if accepts("br") {
            Coding::Brotli
        } else if accepts("gzip") {
            Coding::Gzip
        } else {
            Coding::Identity
        }
    }
}

/// A fixed body with its hash and compressed forms (see the module doc).
pub struct Encoded {
    body: Bytes,
    hash: String,
    gzip: OnceLock<Bytes>,
    brotli: OnceLock<Bytes>,
}

impl Encoded {
    /// `body`, hashed now.
    pub fn new(body: impl Into<Bytes>) -> Encoded {
        let body = body.into();
        let mut hash = String::with_capacity(16);
        for byte in &Sha256::digest(&body)[..8] {
            let _ = write!(hash, "{byte:02x}");
        }
        Encoded { body, hash, gzip: OnceLock::new(), brotli: OnceLock::new() }
    }

    /// 16 hex digits of the body's SHA-256: they change when the body does.
    pub fn hash(&self) -> &str {
        &self.hash
    }

    /// The strong ETag of the body (the quoted hash).
    pub fn etag(&self) -> String {
        format!("\"{}\"", self.hash)
    }

    /// Whether an `If-None-Match` value names this body (or is `*`).
    pub fn matches(&self, if_none_match: &str) -> bool {
        let etag = self.etag();
        if_none_match.split(',').map(str::trim).any(|tag| tag == "*" || tag.trim_start_matches("W/") == etag)
    }

    /// The coding to send in for a client that accepts `wanted`: none for
    /// a short body.
    pub fn coding(&self, wanted: Coding) -> Coding {
        if self.body.len() < WORTH_COMPRESSING { Coding::Identity } else { wanted }
    }

    /// The body in `coding` (compressed on the first call).
    pub fn body(&self, coding: Coding) -> Bytes {
        match coding {
            Coding::Identity => self.body.clone(),
            Coding::Gzip => self.gzip.get_or_init(|| gzip(&self.body)).clone(),
            Coding::Brotli => self.brotli.get_or_init(|| brotli(&self.body)).clone(),
        }
    }
}

/// `body` in `coding` at a quick setting, for a reply made for one request
/// (the fixed bodies above take the best, once); `None` for
/// [`Coding::Identity`] or a body too short to gain.
pub fn compress_once(body: &[u8], coding: Coding) -> Option<Bytes> {
    if body.len() < WORTH_COMPRESSING {
        return None;
    }
    match coding {
        Coding::Identity => None,
        Coding::Gzip => Some(gzip_at(body, flate2::Compression::default())),
        Coding::Brotli => Some(brotli_at(body, 5)),
    }
}

/// `body` gzipped at the best compression.
fn gzip(body: &[u8]) -> Bytes {
    gzip_at(body, flate2::Compression::best())
}

/// `body` gzipped at `level`.
fn gzip_at(body: &[u8], level: flate2::Compression) -> Bytes {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), level);
    encoder.write_all(body).and_then(|()| encoder.finish()).map(Bytes::from).expect("writing to memory")
}

/// `body` in brotli at the best quality.
fn brotli(body: &[u8]) -> Bytes {
    brotli_at(body, 11)
}

/// `body` in brotli at `quality` (0 to 11).
fn brotli_at(body: &[u8], quality: i32) -> Bytes {
    let mut out = Vec::new();
    let params = brotli::enc::BrotliEncoderParams { quality, ..Default::default() };
    brotli::BrotliCompress(&mut &body[..], &mut out, &params).expect("writing to memory");
    Bytes::from(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read as _;

    #[test]
    fn the_best_accepted_coding_is_chosen() {
        assert_eq!(Coding::accepted("gzip, deflate, br, zstd"), Coding::Brotli);
        assert_eq!(Coding::accepted("gzip, br;q=0"), Coding::Gzip);
        assert_eq!(Coding::accepted("GZIP;q=0.5"), Coding::Gzip);
        assert_eq!(Coding::accepted("deflate"), Coding::Identity);
        assert_eq!(Coding::accepted(""), Coding::Identity);
    }

    #[test]
    fn compressed_forms_give_back_the_body_and_tags_follow_it() {
        let text = "Spielwerk ".repeat(500);
        let encoded = Encoded::new(text.clone());
        let mut unzipped = String::new();
        flate2::read::GzDecoder::new(&encoded.body(Coding::Gzip)[..]).read_to_string(&mut unzipped).unwrap();
        assert_eq!(unzipped, text);
        let mut unbrotlied = Vec::new();
        brotli::BrotliDecompress(&mut &encoded.body(Coding::Brotli)[..], &mut unbrotlied).unwrap();
        assert_eq!(unbrotlied, text.as_bytes());
        assert!(encoded.body(Coding::Brotli).len() < text.len() / 10);
        assert!(encoded.matches(&encoded.etag()) && encoded.matches("\"x\", *") && !encoded.matches("\"x\""));
        assert_ne!(encoded.hash(), Encoded::new(text.clone() + "!").hash());
        assert_eq!(Encoded::new("short").coding(Coding::Brotli), Coding::Identity);
        let once = compress_once(text.as_bytes(), Coding::Gzip).unwrap();
        let mut again = String::new();
        flate2::read::GzDecoder::new(&once[..]).read_to_string(&mut again).unwrap();
        assert_eq!(again, text);
        assert!(
            compress_once(b"short", Coding::Brotli).is_none()
                && compress_once(text.as_bytes(), Coding::Identity).is_none()
        );
    }
}
