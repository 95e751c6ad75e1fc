// UTF-8 validation of loader input. YAML 1.2 and JSON are Unicode text, and
// libfyaml (0.8) can loop forever on some invalid byte sequences (a directive
// line `%` followed by a stray 0xD7 byte was found by the fuzzer), so the loader
// checks each document before handing it to the parser.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace kg::model::yaml {

// Offset of the first byte that does not start or continue a well-formed UTF-8
// sequence (no overlong forms, no surrogates, nothing above U+10FFFF), or nullopt.
std::optional<std::size_t> first_invalid_utf8(std::string_view text);

/// Characters (code points) in UTF-8 `text`: bytes that are not continuation bytes.
/// What Kubernetes' maxLength counts, and how libfyaml counts columns.
inline std::size_t utf8_length(std::string_view text) {
    std::size_t n = 0;
    for (unsigned char c : text) {
        n += (c & 0xC0) != 0x80;
    }
    return n;
}

}  // namespace kg::model::yaml
