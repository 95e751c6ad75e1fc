// Internal to the front end: one YAML/JSON text (a document, or a batch of List
// items cut out of one) parsed with libfyaml into yaml::Node trees. parse_document.cpp
// implements it; the parallel List path calls it once per batch.
#pragma once

#include "model/loader.h"

#include <cstdint>
#include <functional>
#include <string_view>

namespace kg::model::yaml {

/// A piece of the input: its text and the line it starts on (0-based).
struct Chunk {
    std::string_view text;
    std::uint32_t first_line = 0;
};

struct DocumentResult {
    /// The text parsed to its end: no syntax error, no abandoned document.
    bool complete = false;
    /// 1-based line of the root mapping's `items` key, 0 when it had none.
    std::uint32_t root_items_line = 0;
};

/// Parses `chunk` (which must be valid UTF-8) and calls `sink` with each top-level
/// object; problems go to `diags`. `depth_bias` is the nesting the text has in the
/// real document (1 for a batch of List items), so depth limits stay those of the
/// whole document.
DocumentResult parse_document(std::uint32_t file_id, const Chunk& chunk, std::size_t depth_bias, DiagSink& diags,
                              const LoadOptions& opt, const std::function<void(Node&&)>& sink);

}  // namespace kg::model::yaml
