// UTF-8 validation of loader input. YAML 1.2 and JSON are Unicode text, and
// libfyaml (0.8) can loop forever on some invalid byte sequences (a directive
// line `%` followed by a stray 0xD7 byte was found by the fuzzer), so the loader
// checks each document before handing it to the parser.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>

namespace kg::model::yaml {

// Offset of the first byte that does not start or continue a well-formed UTF-8
// sequence (no overlong forms, no surrogates, nothing above U+10FFFF), or nullopt.
std::optional<std::size_t> first_invalid_utf8(std::string_view text);

/// Characters (code points) in UTF-8 `text`: bytes that are not continuation bytes.
/// What Kubernetes' maxLength counts, and how libfyaml counts columns.
/// Eight bytes at a time while they are ASCII (almost all of an export): the JSON
/// path counts every column of the text this way.
inline std::size_t utf8_length(std::string_view text) {
    std::size_t n = 0;
    std::size_t i = 0;
    for (; i + 8 <= text.size(); i += 8) {
        std::uint64_t word;
        std::memcpy(&word, text.data() + i, 8);
        if ((word & 0x8080808080808080ull) == 0) {
            n += 8;
            continue;
        }
        for (std::size_t k = i; k < i + 8; ++k) {
            n += (static_cast<unsigned char>(text[k]) & 0xC0) != 0x80;
        }
    }
    for (; i < text.size(); ++i) {
        n += (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80;
    }
    return n;
}

}  // namespace kg::model::yaml
