// The source's sha256 computed on a worker thread (audit/ingest/background_hash.h): the same
// digest as hashing the bytes in one piece, whatever the chunking, and reusable after hex().
#include "audit/ingest/background_hash.h"
#include "audit/sha256.h"

#include <catch2/catch.hpp>

#include <string>

using kg::audit::sha256_hex;
using kg::audit::ingest::BackgroundSha256;

namespace {
std::string bytes(std::size_t n, unsigned seed) {
    std::string s(n, '\0');
    for (std::size_t i = 0; i < n; ++i) s[i] = static_cast<char>((i * 131 + seed * 7) % 251);
    return s;
}
}  // namespace

TEST_CASE("background sha256: equals the one-piece digest for any chunking") {
    const std::string data = bytes(3 * 1024 * 1024 + 17, 1);
    for (std::size_t chunk : {std::size_t{1} << 20, std::size_t{4096}, std::size_t{1000003}, data.size()}) {
        BackgroundSha256 h;
        std::string buf;
        for (std::size_t at = 0; at < data.size(); at += chunk) {
            // The caller's buffer is overwritten at once, as the line reader does.
            buf.assign(data, at, chunk);
            h.update(buf.data(), buf.size());
            buf.assign(buf.size(), 'x');
        }
        CHECK(h.hex() == sha256_hex(data));
    }
}

TEST_CASE("background sha256: empty input, empty updates, and a fresh start after hex()") {
    BackgroundSha256 h;
    CHECK(h.hex() == sha256_hex(""));
    h.update("", 0);
    CHECK(h.hex() == sha256_hex(""));
    h.update("abc", 3);
    CHECK(h.hex() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    h.update("a", 1);
    h.update("bc", 2);
    CHECK(h.hex() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST_CASE("background sha256: destroyed with chunks still queued") {
    const std::string data = bytes(1 << 20, 2);
    for (int i = 0; i < 3; ++i) {
        BackgroundSha256 h;
        for (int k = 0; k < 16; ++k) h.update(data.data(), data.size());
    }  // the destructor lets the worker finish the few queued chunks and joins it
    SUCCEED();
}
