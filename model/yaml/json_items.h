// The items of a `kubectl get -o json` List export parsed with simdjson instead of
// libfyaml: the same yaml::Node trees, positions included, at a fraction of the cost
// (libfyaml was half of loading a JSON export). The parallel List path (list_parallel)
// hands each batch of JSON items here. It and utf8.cpp (simdjson's UTF-8 validator)
// are the model's only files that include simdjson.
//
// The fast path only answers when it is certain the one-pass YAML parse would build
// exactly the same trees without a diagnostic: anything else (invalid JSON, a
// literal that is not JSON's, a tab, a duplicate or merge key, a limit reached) makes
// it decline, and the caller falls back to libfyaml, whose diagnostics are the
// project's. The differential tests (tests/model/json_items_test.cpp) hold the two
// parsers to the same output.
//
// Where the time goes: simdjson's stage 1 (dispatched at run time to the CPU's best
// kernel by libsimdjson; only On-Demand's navigation is compiled for the baseline) and
// the node tree. Keys and strings without escapes are read in place, and positions
// come from one forward pass over the text, 32 bytes at a time, that counts newlines
// and characters; both read a block past a token, inside simdjson's padding.
#pragma once

#include "model/loader.h"
#include "model/yaml/node.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kg::model::yaml {

/// Spare capacity `wrapped` should have past its end: with it simdjson reads the text in
/// place, without it the text is copied into a padded buffer first.
inline constexpr std::size_t k_json_items_padding = 64;

/// Parses `wrapped`, which must be `[` + newline + a comma-separated run of List items +
/// newline + `]`, valid UTF-8, starting on 0-based line `first_line` of file `file_id`.
/// `depth_bias` is the nesting of the `[` in the real document (1 inside `items`), so
/// depth limits stay those of the whole document. On success replaces the contents of
/// `out` with one tree per item and returns true; returns false (with `out` unspecified)
/// when the one-pass parse must decide instead. The trees already in `out` are built
/// over, so their storage is reused: hand the same vector back batch after batch.
bool parse_json_items(std::uint32_t file_id, const std::string& wrapped, std::uint32_t first_line,
                      std::size_t depth_bias, const LoadOptions& opt, std::vector<Node>& out);

}  // namespace kg::model::yaml
