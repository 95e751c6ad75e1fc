// Sha256 (audit/sha256.h) stages small updates before handing them to OpenSSL: the digest must
// not depend on how the bytes were split, on either side of the staging buffer's size. Checked
// against the FIPS 180-2 test vectors, so the reference is not the code under test.
#include "audit/sha256.h"

#include <catch2/catch.hpp>

#include <string>

using kg::audit::Sha256;

namespace {
constexpr const char* k_million_a = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0";
}  // namespace

TEST_CASE("sha256: FIPS 180-2 vectors, whole and split at every size around the staging buffer") {
    Sha256 h;
    h.update(std::string_view("abc"));
    CHECK(h.hex() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    h.update(std::string_view("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"));
    CHECK(h.hex() == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");

    const std::string a(1'000'000, 'a');
    for (std::size_t piece : {std::size_t{1}, std::size_t{3}, std::size_t{8}, std::size_t{4095}, std::size_t{4096},
                              std::size_t{4097}, std::size_t{10'000}, a.size()}) {
        for (std::size_t at = 0; at < a.size(); at += piece) h.update(std::string_view(a).substr(at, piece));
        CHECK(h.hex() == k_million_a);
    }
    // Mixed sizes: short pieces fill the buffer part-way, then a long one must flush them first.
    std::size_t at = 0, k = 0;
    while (at < a.size()) {
        const std::size_t n = (k++ % 5 == 4) ? 9'000 : 13;
        h.update(std::string_view(a).substr(at, n));
        at += n;
    }
    CHECK(h.hex() == k_million_a);
}

TEST_CASE("sha256: field() is the 8-byte big-endian length followed by the bytes") {
    Sha256 a, b;
    a.field(std::string_view("xyz"));
    a.field(std::int64_t{-2});
    const unsigned char expect[] = {0, 0, 0, 0, 0, 0, 0, 3, 'x', 'y', 'z', 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe};
    b.update(expect, sizeof expect);
    CHECK(a.hex() == b.hex());
    CHECK(a.hex() == kg::audit::sha256_hex(""));  // hex() starts over
}
