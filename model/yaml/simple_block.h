// A fast path for the plain YAML documents that dominate real input (one Kubernetes
// object per `---` document: block mappings and sequences, plain or simply quoted
// scalars, one-line flow collections such as `{cpu: "8", memory: 64Gi}`). libfyaml
// was half of linting 100,000 objects, mostly in per-token and per-document set-up;
// this reader builds the same yaml::Node trees, positions included, in one pass over
// the bytes.
//
// It only answers when it is certain that the libfyaml parse (parse_document.cpp)
// would build exactly the same tree without a diagnostic. Anything else (a tab, a
// non-ASCII byte, an escape, an anchor, a tag, a block scalar, a multi-line scalar or
// flow collection, a duplicate or merge key, a List wrapper, a limit reached, any
// doubt) makes it decline, and the caller hands the document to libfyaml, whose
// diagnostics are the project's. tests/model/simple_block_test.cpp and the loader
// fuzzer hold the two parsers to the same output.
#pragma once

#include "model/loader.h"
#include "model/yaml/node.h"
#include "model/yaml/parse_document.h"

#include <cstdint>

namespace kg::model::yaml {

/// Parses one document `chunk` (as split_documents cuts the stream: an optional `---`
/// line, then the document). On success returns true and sets `root` (Kind::null when
/// the document is empty; otherwise the one object libfyaml's parse would hand out);
/// returns false, with `root` unspecified, when libfyaml must decide.
bool parse_simple_block(std::uint32_t file_id, const Chunk& chunk, const LoadOptions& opt, Node& root);

}  // namespace kg::model::yaml
