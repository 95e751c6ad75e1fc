// The items of a large List export parsed in batches on two threads (the caller's
// and one worker), handed to the sink in document order. Each batch is a separate
// libfyaml parse of a slice of the text, offset to its real line, so positions are
// those of the one-pass parse. Any doubt (the wrapper or a batch does not parse
// cleanly into the expected items) stops the path; the caller then parses the
// document in one pass, skipping the objects already handed out, so diagnostics
// come from the one-pass parse exactly as before.
#pragma once

#include "model/yaml/list_layout.h"
#include "model/yaml/parse_document.h"

namespace kg::model::yaml {

struct ListParallelResult {
    bool complete = false;   ///< every object of the document was handed out
    std::size_t handed = 0;  ///< objects handed out (all of them when complete)
};

/// `work`, when given, takes each batch it prepares in place of the sink (loader.h).
ListParallelResult parse_list_parallel(std::uint32_t file_id, const Chunk& chunk, const ListLayout& layout,
                                       const LoadOptions& opt,
                                       const std::function<void(Node&&)>& sink,
                                       const ListBatchWork* work = nullptr);

}  // namespace kg::model::yaml
