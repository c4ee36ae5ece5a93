//! Photos at upload: turned upright by their EXIF orientation, stored as WebP and JPEG
//! renditions re-encoded from the pixels (no EXIF, no GPS position), never larger than
//! the upload, served under `/images/{key}/{width}.{webp|jpg}`; bombs refused.

use image::{ImageEncoder, Rgb, RgbImage};
use serde_json::Value;

use crate::support::TestServer;

/// Latitude 52° 31' 12.34" as three EXIF rationals: the bytes a leak would show.
const LATITUDE: [u8; 24] = [
    0, 0, 0, 52, 0, 0, 0, 1, 0, 0, 0, 31, 0, 0, 0, 1, 0, 0, 0x04, 0xD2, 0, 0, 0, 100,
];

fn ifd_entry(tag: u16, kind: u16, count: u32, value: [u8; 4]) -> Vec<u8> {
    let mut entry = tag.to_be_bytes().to_vec();
    entry.extend_from_slice(&kind.to_be_bytes());
    entry.extend_from_slice(&count.to_be_bytes());
    entry.extend_from_slice(&value);
    entry
}

/// An APP1 segment as a phone writes it: big-endian TIFF with the orientation and a GPS
/// directory (latitude reference and latitude).
fn exif_segment(orientation: u16) -> Vec<u8> {
    let mut tiff = b"MM\0*\0\0\0\x08".to_vec();
    tiff.extend_from_slice(&2u16.to_be_bytes());
    let [high, low] = orientation.to_be_bytes();
    tiff.extend(ifd_entry(0x0112, 3, 1, [high, low, 0, 0]));
    tiff.extend(ifd_entry(0x8825, 4, 1, 38u32.to_be_bytes()));
    tiff.extend_from_slice(&[0, 0, 0, 0]);
    assert_eq!(tiff.len(), 38);
    tiff.extend_from_slice(&2u16.to_be_bytes());
    tiff.extend(ifd_entry(0x0001, 2, 2, *b"N\0\0\0"));
    tiff.extend(ifd_entry(0x0002, 5, 3, 68u32.to_be_bytes()));
    tiff.extend_from_slice(&[0, 0, 0, 0]);
    assert_eq!(tiff.len(), 68);
    tiff.extend_from_slice(&LATITUDE);
    let mut segment = vec![0xFF, 0xE1];
    segment.extend_from_slice(&u16::try_from(2 + 6 + tiff.len()).unwrap().to_be_bytes());
    segment.extend_from_slice(b"Exif\0\0");
    segment.extend(tiff);
    segment
}

/// Red on the left half, blue on the right.
fn two_colours(width: u32, height: u32) -> RgbImage {
    RgbImage::from_fn(width, height, |x, _| {
        if x < width / 2 {
            Rgb([220, 20, 20])
        } else {
            Rgb([20, 20, 220])
        }
    })
}

/// A phone's JPEG: `width` × `height` pixels stored sideways, EXIF orientation 6 (turn a
/// quarter clockwise to show), with the GPS position.
fn phone_jpeg(width: u32, height: u32) -> Vec<u8> {
    let mut plain = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut plain, 90)
        .encode_image(&two_colours(width, height))
        .unwrap();
    let mut jpeg = plain[..2].to_vec();
    jpeg.extend(exif_segment(6));
    jpeg.extend_from_slice(&plain[2..]);
    jpeg
}

/// A PNG of raw pixels.
fn png(pixels: &[u8], width: u32, height: u32, colour: image::ExtendedColorType) -> Vec<u8> {
    let mut png = Vec::new();
    image::codecs::png::PngEncoder::new(&mut png)
        .write_image(pixels, width, height, colour)
        .unwrap();
    png
}

/// Width and height of an encoded image.
fn dimensions(bytes: &[u8]) -> (u32, u32) {
    image::load_from_memory(bytes)
        .unwrap()
        .into_rgb8()
        .dimensions()
}

/// The product as the storefront's menu lists it.
async fn listed(server: &TestServer, product: u64) -> Value {
    let (_, menu) = server.get_json("/products/?store_id=14").await;
    menu.as_array()
        .unwrap()
        .iter()
        .find(|listed| listed["id"] == product)
        .unwrap()
        .clone()
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack
        .windows(needle.len())
        .any(|window| window == needle)
}

async fn put_photo(
    server: &TestServer,
    token: &str,
    product: u64,
    bytes: Vec<u8>,
    kind: &str,
) -> (u16, Value) {
    let response = server
        .client
        .put(server.url(&format!("/products/{product}/image")))
        .bearer_auth(token)
        .header("content-type", kind)
        .body(bytes)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Fetches one rendition: its bytes, checked for type and caching.
async fn rendition(server: &TestServer, path: &str, content_type: &str) -> Vec<u8> {
    let response = server.get(path).await;
    assert_eq!(response.status(), 200, "{path}");
    assert_eq!(response.headers()["content-type"], content_type, "{path}");
    assert_eq!(
        response.headers()["cache-control"],
        "public, max-age=31536000, immutable",
        "{path}"
    );
    response.bytes().await.unwrap().to_vec()
}

#[tokio::test]
async fn a_phone_photo_is_turned_upright_and_served_without_its_location() {
    let server = TestServer::start().await;
    let token = server.admin_token().await;
    let (_, menu) = server.get_json("/products/?store_id=14").await;
    let product = menu[0]["id"].as_u64().unwrap();
    let upload = phone_jpeg(300, 200);
    assert!(contains(&upload, &LATITUDE) && contains(&upload, b"Exif"));

    let (status, record) = put_photo(&server, &token, product, upload, "image/jpeg").await;
    assert_eq!(status, 200, "{record}");
    let image = &record["image"];
    assert_eq!(image["width"], 200, "turned upright: {image}");
    assert_eq!(image["height"], 300, "{image}");
    assert_eq!(
        image["widths"],
        serde_json::json!([128, 200]),
        "never enlarged"
    );
    let prefix = image["url"].as_str().unwrap().to_string();
    assert!(prefix.starts_with("/images/"), "{prefix}");

    for width in [128u32, 200] {
        for (extension, content_type) in [("webp", "image/webp"), ("jpg", "image/jpeg")] {
            let path = format!("{prefix}/{width}.{extension}");
            let bytes = rendition(&server, &path, content_type).await;
            assert!(!contains(&bytes, b"Exif"), "{path} has no EXIF");
            assert!(!contains(&bytes, b"MM\0*"), "{path} has no TIFF metadata");
            assert!(!contains(&bytes, &LATITUDE), "{path} has no GPS position");
            let pixels = image::load_from_memory(&bytes).unwrap().into_rgb8();
            let height = (width * 3).div_ceil(2);
            assert_eq!(pixels.dimensions(), (width, height), "{path}");
            // Turned a quarter clockwise: the left half (red) is on top now.
            let top = pixels.get_pixel(width / 2, height / 8);
            let bottom = pixels.get_pixel(width / 2, height * 7 / 8);
            assert!(top[0] > 150 && top[2] < 100, "{path}: top {top:?}");
            assert!(
                bottom[2] > 150 && bottom[0] < 100,
                "{path}: bottom {bottom:?}"
            );
        }
    }

    let fallback = record["image_url"].as_str().unwrap();
    assert_eq!(
        fallback,
        format!("{prefix}/200.jpg"),
        "image_url is a rendition"
    );
    let key_url = prefix.clone();
    let bytes = rendition(&server, &key_url, "image/jpeg").await;
    assert!(
        !contains(&bytes, &LATITUDE),
        "the key's own URL is a rendition too"
    );
    assert_eq!(dimensions(&bytes), (200, 300));

    for unknown in [
        format!("{prefix}/256.webp"),
        format!("{prefix}/640.jpg"),
        format!("{prefix}/128.png"),
        format!("{prefix}/abc"),
        "/images/0123456789abcdef-200x300/128.webp".to_string(),
        "/images/nothing".to_string(),
    ] {
        assert_eq!(server.get(&unknown).await.status(), 404, "{unknown}");
    }

    let listed = listed(&server, product).await;
    assert_eq!(
        &listed["image"], image,
        "the menu shows the same renditions"
    );
    assert_eq!(listed["image_url"], fallback);
    server.stop().await;
}

#[tokio::test]
async fn png_and_webp_uploads_work_and_bombs_are_refused() {
    let server = TestServer::start().await;
    let token = server.admin_token().await;
    let (_, menu) = server.get_json("/products/?store_id=14").await;
    let product = menu[0]["id"].as_u64().unwrap();

    let transparent = image::RgbaImage::from_fn(400, 100, |x, _| {
        image::Rgba([0, 0, 200, if x < 200 { 0 } else { 255 }])
    });
    let upload = png(
        transparent.as_raw(),
        400,
        100,
        image::ExtendedColorType::Rgba8,
    );
    let (status, record) = put_photo(&server, &token, product, upload, "image/png").await;
    assert_eq!(status, 200, "{record}");
    assert_eq!(
        record["image"]["widths"],
        serde_json::json!([128, 256, 384, 400])
    );
    assert_eq!(record["image"]["height"], 100);
    let prefix = record["image"]["url"].as_str().unwrap().to_string();
    let jpeg = rendition(&server, &format!("{prefix}/400.jpg"), "image/jpeg").await;
    let pixels = image::load_from_memory(&jpeg).unwrap().into_rgb8();
    let left = pixels.get_pixel(50, 50);
    assert!(
        left.0.iter().all(|&c| c > 230),
        "transparency turns white: {left:?}"
    );

    let mut webp = Vec::new();
    image::codecs::webp::WebPEncoder::new_lossless(&mut webp)
        .write_image(
            two_colours(160, 90).as_raw(),
            160,
            90,
            image::ExtendedColorType::Rgb8,
        )
        .unwrap();
    let (status, record) = put_photo(&server, &token, product, webp, "image/webp").await;
    assert_eq!(status, 200, "{record}");
    assert_eq!(record["image"]["widths"], serde_json::json!([128, 160]));
    let prefix = record["image"]["url"].as_str().unwrap().to_string();
    let webp = rendition(&server, &format!("{prefix}/128.webp"), "image/webp").await;
    assert_eq!(dimensions(&webp), (128, 72));

    // 8000 × 5200 = 41.6 megapixels: a few kilobytes of PNG that would take 166 MB.
    let bomb = png(
        &vec![0u8; 8000 * 5200],
        8000,
        5200,
        image::ExtendedColorType::L8,
    );
    assert!(bomb.len() < 4 * 1024 * 1024);
    let (status, body) = put_photo(&server, &token, product, bomb, "image/png").await;
    assert_eq!(status, 413, "{body}");
    assert_eq!(body["code"], "image_too_many_pixels", "{body}");

    let broken = [0xFF, 0xD8, 0xFF, 0xDB, 0, 1, 2, 3].to_vec();
    let (status, body) = put_photo(&server, &token, product, broken, "image/jpeg").await;
    assert_eq!(status, 415, "{body}");
    assert_eq!(body["code"], "unsupported_image", "{body}");

    let record = listed(&server, product).await;
    assert_eq!(
        record["image"]["url"].as_str(),
        Some(prefix.as_str()),
        "a refused upload changes nothing"
    );
    server.stop().await;
}

#[tokio::test]
async fn the_demo_shop_has_photos_in_every_size() {
    let server = TestServer::start().await;
    let (_, menu) = server.get_json("/products/?store_id=14").await;
    let photographed: Vec<&Value> = menu
        .as_array()
        .unwrap()
        .iter()
        .filter(|product| !product["image"].is_null())
        .collect();
    assert!(photographed.len() >= 4, "{}", photographed.len());
    let pizza = photographed
        .iter()
        .find(|product| product["name"] == "Pizza Margherita")
        .unwrap();
    assert_eq!(
        pizza["image"]["widths"],
        serde_json::json!([128, 256, 384, 640])
    );
    let prefix = pizza["image"]["url"].as_str().unwrap();
    let card = rendition(&server, &format!("{prefix}/256.webp"), "image/webp").await;
    assert!(
        card.len() < 15_000,
        "a card's 2× photo is small: {}",
        card.len()
    );

    let (_, banners) = server.get_json("/banners/?store_id=14").await;
    let banner = &banners[0]["image"];
    assert_eq!(banner["width"], 1280, "{banner}");
    let prefix = banner["url"].as_str().unwrap();
    let wide = rendition(&server, &format!("{prefix}/1280.webp"), "image/webp").await;
    assert!(wide.len() < 100_000, "the 1280 banner: {}", wide.len());
    server.stop().await;
}
