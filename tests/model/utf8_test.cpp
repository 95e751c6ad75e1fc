// UTF-8 validation of loader input, around the eight-byte ASCII fast path: the first
// bad byte is found wherever it sits, and valid sequences across word edges pass.
#include "model/yaml/utf8.h"

#include <catch2/catch.hpp>

#include <string>

using kg::model::yaml::first_invalid_utf8;

TEST_CASE("the first invalid byte is found at any offset", "[model][utf8]") {
    // 72 bytes: past two of the 32-byte blocks the ASCII path skips at a time.
    for (std::size_t at = 0; at < 72; ++at) {
        for (unsigned char bad : {0x80, 0xC0, 0xF5, 0xFF}) {
            std::string t(72, 'a');
            t[at] = static_cast<char>(bad);
            INFO("offset " << at << " byte " << int(bad));
            auto r = first_invalid_utf8(t);
            REQUIRE(r);
            CHECK(*r == at);
        }
    }
}

TEST_CASE("valid multi-byte sequences pass across word edges", "[model][utf8]") {
    for (std::size_t at = 0; at < 70; ++at) {
        for (std::string seq : {"\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80"}) {
            std::string t = std::string(at, 'x') + seq + std::string(9, 'y');
            INFO("offset " << at << " length " << seq.size());
            CHECK_FALSE(first_invalid_utf8(t));
        }
    }
    CHECK_FALSE(first_invalid_utf8(""));
    CHECK_FALSE(first_invalid_utf8("plain ascii text of some length\n"));
}

TEST_CASE("overlong forms, surrogates and truncated sequences are invalid", "[model][utf8]") {
    CHECK(first_invalid_utf8("abcdefgh\xC1\xBF") == std::optional<std::size_t>(8));
    CHECK(first_invalid_utf8("abcdefghij\xE0\x80\xAF") == std::optional<std::size_t>(10));
    CHECK(first_invalid_utf8("abcdefghijk\xED\xA0\x80") == std::optional<std::size_t>(11));
    CHECK(first_invalid_utf8("abcdefghijklmnop\xF4\x90\x80\x80") == std::optional<std::size_t>(16));
    CHECK(first_invalid_utf8("abcdefghijklmnop\xE2\x82") == std::optional<std::size_t>(16));
    CHECK(first_invalid_utf8("abcdefgh\xC3 ") == std::optional<std::size_t>(8));
}

TEST_CASE("characters are counted across word edges", "[model][utf8]") {
    using kg::model::yaml::utf8_length;
    CHECK(utf8_length("") == 0);
    for (std::size_t at = 0; at < 70; ++at) {
        for (std::string seq : {"\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80"}) {
            std::string t = std::string(at, 'x') + seq + std::string(at % 9, 'y');
            INFO("offset " << at << " length " << seq.size());
            CHECK(utf8_length(t) == at + 1 + at % 9);
        }
    }
}
