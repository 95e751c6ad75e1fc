// A stream of many small documents (`---`-separated, as `kubectl get` of one kind
// per document or a generated manifest set) parsed in batches of documents on two
// threads and handed to the sink in order. Documents are independent, so each
// batch's objects and diagnostics are exactly those of the one-pass loop; the
// hand-out replays them in the order that loop would have emitted them.
#pragma once

#include "model/loader.h"
#include "model/yaml/parse_document.h"

#include <functional>
#include <vector>

namespace kg::model::yaml {

/// Parses one document (a chunk of the stream) into objects and diagnostics.
using ParseChunk = std::function<void(const Chunk&, DiagSink&, const std::function<void(Node&&)>&)>;

/// Worth it (and safe) for `chunks`: two or more, none larger than one batch (a large
/// document keeps its own List path), together larger than two batches.
bool stream_parallel_fits(const std::vector<Chunk>& chunks, const LoadOptions& opt);

/// Parses `chunks` with `parse_chunk` on two threads and hands out their objects to
/// `sink` and their diagnostics to `diags`, in the one-pass order. Returns how many
/// chunks were handled; the caller parses the rest (all of them when no thread could
/// be started, or a batch ran out of memory) one by one.
std::size_t parse_stream_parallel(const std::vector<Chunk>& chunks, const LoadOptions& opt,
                                  const ParseChunk& parse_chunk, DiagSink& diags,
                                  const std::function<void(Node&&)>& sink);

}  // namespace kg::model::yaml
