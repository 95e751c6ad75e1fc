// SHA-1 through OpenSSL: the FIPS 180 test vectors, so Workload name suffixes stay Kueue's.
#include "model/jobs/sha1.h"

#include <catch2/catch.hpp>

#include <string>

TEST_CASE("sha1_hex matches the FIPS 180 test vectors", "[model][sha1]") {
    using kg::model::jobs::sha1_hex;
    CHECK(sha1_hex("") == "da39a3ee5e6b4b0d3255bfef95601890afd80709");
    CHECK(sha1_hex("abc") == "a9993e364706816aba3e25717850c26c9cd0d89d");
    CHECK(sha1_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
          "84983e441c3bd26ebaae4aa1f95129e5e54670f1");
    CHECK(sha1_hex(std::string(1000000, 'a')) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f");
}
