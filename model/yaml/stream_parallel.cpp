// The two-thread parse of a stream of small documents (stream_parallel.h).
#include "model/yaml/stream_parallel.h"

#include "model/yaml/ordered_batches.h"

namespace kg::model::yaml {

namespace {

struct Batch : BatchSlot {
    std::size_t first = 0;  ///< index of the first chunk
    std::size_t count = 0;
    bool parsed = false;  ///< false: parsing ran out of memory; the caller takes over here
    std::vector<Node> objects;
    /// Per object: how many of `diags` were emitted before it, so the hand-out
    /// interleaves them as the one-pass loop would.
    std::vector<std::size_t> diags_before;
    DiagSink diags;
};

std::vector<Batch> make_batches(const std::vector<Chunk>& chunks, std::size_t target_bytes) {
    std::vector<Batch> batches;
    std::size_t i = 0;
    while (i < chunks.size()) {
        Batch b;
        b.first = i;
        std::size_t bytes = 0;
        do {
            bytes += chunks[i].text.size();
            ++i;
        } while (i < chunks.size() && bytes < target_bytes);
        b.count = i - b.first;
        batches.push_back(std::move(b));
    }
    return batches;
}

void parse_batch(const std::vector<Chunk>& chunks, const ParseChunk& parse_chunk, Batch& b) {
    try {
        std::function<void(Node&&)> keep = [&](Node&& n) {
            b.diags_before.push_back(b.diags.items().size());
            b.objects.push_back(std::move(n));
        };
        for (std::size_t i = b.first; i < b.first + b.count; ++i) {
            parse_chunk(chunks[i], b.diags, keep);
        }
        b.parsed = true;
    } catch (...) {
        // Nothing may escape the worker thread: the caller's one-by-one parse meets
        // the same shortage on its own thread.
        b.objects.clear();
        b.diags_before.clear();
        b.diags = DiagSink{};
        b.parsed = false;
    }
}

}  // namespace

bool stream_parallel_fits(const std::vector<Chunk>& chunks, const LoadOptions& opt) {
    if (!opt.parallel_lists || chunks.size() < 2) {
        return false;
    }
    std::size_t total = 0;
    for (const Chunk& c : chunks) {
        if (c.text.size() > opt.list_batch_bytes) {
            return false;
        }
        total += c.text.size();
    }
    return total > 2 * opt.list_batch_bytes;
}

std::size_t parse_stream_parallel(const std::vector<Chunk>& chunks, const LoadOptions& opt,
                                  const ParseChunk& parse_chunk, DiagSink& diags,
                                  const std::function<void(Node&&)>& sink) {
    std::vector<Batch> batches = make_batches(chunks, opt.list_batch_bytes);
    std::size_t handled = 0;
    run_ordered(
        batches, [&](Batch& b) { parse_batch(chunks, parse_chunk, b); },
        [&](Batch& b) {
            if (!b.parsed) {
                return false;
            }
            const auto& found = b.diags.items();
            std::size_t next_diag = 0;
            auto replay_diags_until = [&](std::size_t end) {
                for (; next_diag < end; ++next_diag) {
                    diags.add(found[next_diag].severity, found[next_diag].pos, found[next_diag].message);
                }
            };
            for (std::size_t k = 0; k < b.objects.size(); ++k) {
                replay_diags_until(b.diags_before[k]);
                sink(std::move(b.objects[k]));
            }
            replay_diags_until(found.size());
            handled = b.first + b.count;
            return true;
        });
    return handled;
}

}  // namespace kg::model::yaml
