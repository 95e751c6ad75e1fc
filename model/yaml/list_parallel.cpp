// The two-thread parse of a large List export (list_parallel.h): batches of items cut by
// list_layout, parsed on the calling thread and one worker, handed to the sink in order.
#include "model/yaml/list_parallel.h"

#include "model/yaml/json_items.h"
#include "model/yaml/ordered_batches.h"

#include <algorithm>
#include <memory>
#include <mutex>
#include <string>

namespace kg::model::yaml {

namespace {

struct Batch : BatchSlot {
    std::size_t first = 0;  ///< index of the first item
    std::size_t count = 0;
    bool clean = false;
    std::vector<Node> objects;
    std::unique_ptr<BatchResult> prepared;  ///< what ListBatchWork::prepare made of `objects`
};

// The tree vectors of batches already handed out, for the next batches to build over
// (json_items reuses their strings' and vectors' storage): with it, malloc, free and
// Node's destructor mostly leave the profile. Each thread has its own (TreePools): a
// tree rebuilt on the other core first moved every cache line of it across, which cost
// more than building it. The calling thread gives back the worker's trees, so it is
// locked (once per batch). At most the window's batches plus the two being parsed are
// ever out, so that is all it holds; it is freed with the parse.
class TreePool {
public:
    std::vector<Node> take() {
        std::lock_guard lk(m_mu);
        if (m_spare.empty()) {
            return {};
        }
        std::vector<Node> v = std::move(m_spare.back());
        m_spare.pop_back();
        return v;
    }

    void give(std::vector<Node>&& v) {
        std::lock_guard lk(m_mu);
        m_spare.push_back(std::move(v));
    }

private:
    std::mutex m_mu;
    std::vector<std::vector<Node>> m_spare;
};

// One pool for the calling thread's batches and one for the worker's (BatchSlot::by_worker).
struct TreePools {
    TreePool caller, worker;
    TreePool& of(const BatchSlot& b) { return b.by_worker ? worker : caller; }
};

// Parses one batch into its own trees. Touches nothing but `b` (owned by the thread
// that claimed it) and read-only inputs.
void parse_batch(std::uint32_t file_id, const Chunk& chunk, const ListLayout& layout, const LoadOptions& opt,
                 TreePools& pools, Batch& b, std::string& wrapped) {
    const ListItemSpan& first = layout.items[b.first];
    const ListItemSpan& last = layout.items[b.first + b.count - 1];
    std::string_view slice = chunk.text.substr(first.begin, last.end - first.begin);
    // JSON items that simdjson parses need no such scan (json_items.cpp refuses what
    // of it can occur in valid JSON, in the pass that counts positions): it was seven
    // passes over every batch. A batch it declines is scanned before libfyaml sees it.
    if (!layout.json && has_context_dependent_syntax(slice)) {
        return;
    }
    // The batch is parsed in the context it has in the document, so libfyaml sees
    // the same syntax either way: YAML items stay an (indentless) sequence under an
    // `items:` key, JSON items a flow sequence. Parsed at the top level instead, a
    // batch accepted what the one-pass parse rejects (`items:` then `-` then `-`).
    // The line added before the items keeps every line's number.
    // JSON's spare capacity is simdjson's padding, so json_items parses it in place.
    wrapped.clear();
    Chunk piece;
    std::size_t depth_bias = 0;
    if (layout.json) {
        wrapped.reserve(slice.size() + 4 + k_json_items_padding);
        wrapped.append("[\n").append(slice).append("\n]");
        depth_bias = 1;
    } else {
        if (slice.empty() || slice.back() != '\n') {
            return;  // the text's last line: a line after it could change a block scalar
        }
        wrapped.reserve(slice.size() + 20);
        wrapped.append("items:\n").append(slice).append("kind: List\n");
    }
    piece = {wrapped, chunk.first_line + first.line - 1};
    // JSON items go through simdjson when it can vouch for the result (json_items.h),
    // built over the trees of a batch already handed out; libfyaml parses the batch
    // otherwise.
    if (layout.json) {
        b.objects = pools.of(b).take();
    }
    b.objects.reserve(b.count);
    if (layout.json && parse_json_items(file_id, wrapped, piece.first_line, depth_bias, opt, b.objects)) {
        b.clean = b.objects.size() == b.count &&
                  std::none_of(b.objects.begin(), b.objects.end(), [](const Node& n) { return n.is_null(); });
        return;
    }
    b.objects.clear();
    if (layout.json && has_context_dependent_syntax(slice)) {
        return;
    }
    DiagSink local;
    auto result = parse_document(file_id, piece, depth_bias, local, opt,
                                 [&](Node&& n) { b.objects.push_back(std::move(n)); });
    // An empty item has no position of its own (it points at its sequence, which
    // starts elsewhere in a batch): such a batch is left to the one-pass parse.
    b.clean = result.complete && local.empty() && b.objects.size() == b.count &&
              std::none_of(b.objects.begin(), b.objects.end(), [](const Node& n) { return n.is_null(); });
}

// Nothing may escape the worker thread: a batch that throws (out of memory) is
// simply not clean, and the one-pass parse meets the same problem on the caller's
// thread.
void parse_batch_guarded(std::uint32_t file_id, const Chunk& chunk, const ListLayout& layout,
                         const LoadOptions& opt, const ListBatchWork* work, TreePools& pools, Batch& b) {
    // One buffer per thread for the batch's text, reused from batch to batch, with
    // room for simdjson's padding: json_items then parses it where it is instead of
    // allocating and copying every batch once more. A buffer grown for an outsized
    // item is not kept.
    thread_local std::string wrapped;
    constexpr std::size_t k_kept_capacity = 1 << 20;
    try {
        parse_batch(file_id, chunk, layout, opt, pools, b, wrapped);
        if (wrapped.capacity() > k_kept_capacity) {
            std::string().swap(wrapped);
        }
    } catch (...) {
        std::string().swap(wrapped);
        std::vector<Node>().swap(b.objects);
        b.clean = false;
        return;
    }
    // The caller's work on the trees, here where they were built. Failing (out of
    // memory), the trees go to the sink instead, as if it had declined.
    if (b.clean && work != nullptr && work->prepare) {
        try {
            b.prepared = work->prepare(b.objects);
        } catch (...) {
            b.prepared.reset();
        }
    }
}

// The rest of the document (without its items) must parse cleanly, have its
// `items` key where the layout says, and be a List wrapper that yields no object
// of its own.
bool wrapper_is_plain_list(std::uint32_t file_id, const Chunk& chunk, const ListLayout& layout,
                           const LoadOptions& opt) {
    if (has_context_dependent_syntax(layout.wrapper)) {
        return false;
    }
    DiagSink local;
    std::size_t objects = 0;
    auto result = parse_document(file_id, {layout.wrapper, chunk.first_line}, 0, local, opt,
                                 [&](Node&&) { ++objects; });
    return result.complete && local.empty() && objects == 0 &&
           result.root_items_line == chunk.first_line + layout.items_line + 1;
}

std::vector<Batch> make_batches(const ListLayout& layout, std::size_t target_bytes) {
    std::vector<Batch> batches;
    std::size_t i = 0;
    while (i < layout.items.size()) {
        Batch b;
        b.first = i;
        std::size_t begin = layout.items[i].begin;
        do {
            ++i;
        } while (i < layout.items.size() && layout.items[i - 1].end - begin < target_bytes);
        b.count = i - b.first;
        batches.push_back(std::move(b));
    }
    return batches;
}

}  // namespace

ListParallelResult parse_list_parallel(std::uint32_t file_id, const Chunk& chunk, const ListLayout& layout,
                                       const LoadOptions& opt, const std::function<void(Node&&)>& sink,
                                       const ListBatchWork* work) {
    ListParallelResult out;
    std::vector<Batch> batches = make_batches(layout, opt.list_batch_bytes);
    if (batches.size() < 2 || !wrapper_is_plain_list(file_id, chunk, layout, opt)) {
        return out;
    }
    TreePools pools;  // declared before the run: its trees may be in batches until the worker is joined
    OrderedRun run = run_ordered(
        batches, [&](Batch& b) { parse_batch_guarded(file_id, chunk, layout, opt, work, pools, b); },
        [&](Batch& b) {
            if (!b.clean) {
                return false;  // the one-pass parse takes over from here
            }
            if (b.prepared) {
                work->take(*b.prepared);
                out.handed += b.objects.size();
            } else {
                for (Node& n : b.objects) {
                    sink(std::move(n));
                    ++out.handed;
                }
            }
            if (layout.json) {
                pools.of(b).give(std::move(b.objects));
            }
            return true;
        });
    if (run != OrderedRun::complete) {
        return out;
    }
    out.complete = true;
    return out;
}

}  // namespace kg::model::yaml
