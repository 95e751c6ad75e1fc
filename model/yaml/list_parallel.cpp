// The two-thread parse of a large List export (list_parallel.h): batches of items cut by
// list_layout, parsed on the calling thread and one worker, handed to the sink in order.
#include "model/yaml/list_parallel.h"

#include "model/yaml/json_items.h"

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <system_error>
#include <thread>

namespace kg::model::yaml {

namespace {

// How many batches may be parsed ahead of the one being handed out: bounds memory
// (16 x 32 KiB of text as trees) while letting either thread run ahead when the
// other one is descheduled on a shared machine (with 4, the caller soon blocked
// on a batch held by a preempted worker).
constexpr std::size_t k_window = 16;

struct Batch {
    std::size_t first = 0;  ///< index of the first item
    std::size_t count = 0;
    enum class State { waiting, claimed, done } state = State::waiting;
    bool clean = false;
    bool by_worker = false;  ///< parsed (so allocated) by the worker thread
    std::vector<Node> objects;
};

// Parses one batch into its own trees. Touches nothing but `b` (owned by the thread
// that claimed it) and read-only inputs.
void parse_batch(std::uint32_t file_id, const Chunk& chunk, const ListLayout& layout, const LoadOptions& opt,
                 Batch& b) {
    const ListItemSpan& first = layout.items[b.first];
    const ListItemSpan& last = layout.items[b.first + b.count - 1];
    std::string_view slice = chunk.text.substr(first.begin, last.end - first.begin);
    if (has_context_dependent_syntax(slice)) {
        return;
    }
    // The batch is parsed in the context it has in the document, so libfyaml sees
    // the same syntax either way: YAML items stay an (indentless) sequence under an
    // `items:` key, JSON items a flow sequence. Parsed at the top level instead, a
    // batch accepted what the one-pass parse rejects (`items:` then `-` then `-`).
    // The line added before the items keeps every line's number.
    std::string wrapped;
    Chunk piece;
    std::size_t depth_bias = 0;
    if (layout.json) {
        wrapped.reserve(slice.size() + 4);
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
    b.objects.reserve(b.count);
    // JSON items go through simdjson when it can vouch for the result (json_items.h);
    // libfyaml parses the batch otherwise.
    if (layout.json && parse_json_items(file_id, wrapped, piece.first_line, depth_bias, opt, b.objects)) {
        b.clean = b.objects.size() == b.count &&
                  std::none_of(b.objects.begin(), b.objects.end(), [](const Node& n) { return n.is_null(); });
        return;
    }
    b.objects.clear();
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
                         const LoadOptions& opt, Batch& b) {
    try {
        parse_batch(file_id, chunk, layout, opt, b);
    } catch (...) {
        std::vector<Node>().swap(b.objects);
        b.clean = false;
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

// The hand-off between the two threads: batch states, the claim counter and the
// hand-out position, all under one mutex. A claimed batch's contents belong to the
// claiming thread until it marks the batch done.
class Schedule {
public:
    explicit Schedule(std::vector<Batch>& batches) : m_batches(batches) {}

    /// The next batch to parse, or nullptr when there is none (or the run stopped).
    /// With `wait` (the worker), blocks while the window is full, and takes the trees
    /// it allocated back into `garbage` to free them itself: freeing them on the other
    /// thread would contend with this one on its malloc arena.
    Batch* claim(bool wait, std::vector<std::vector<Node>>* garbage = nullptr) {
        std::unique_lock lk(m_mu);
        if (garbage) {
            garbage->swap(m_garbage);
        }
        if (wait) {
            m_cv.wait(lk, [&] { return m_stop || m_next >= m_batches.size() || m_next < m_handed + k_window; });
        }
        if (m_stop || m_next >= m_batches.size() || m_next >= m_handed + k_window) {
            return nullptr;
        }
        Batch& b = m_batches[m_next++];
        b.state = Batch::State::claimed;
        b.by_worker = wait;
        return &b;
    }

    /// Hands a batch's spent trees back to the worker to free.
    void give_back(std::vector<Node>&& trees) {
        std::lock_guard lk(m_mu);
        m_garbage.push_back(std::move(trees));
    }

    void finish(Batch& b) {
        std::lock_guard lk(m_mu);
        b.state = Batch::State::done;
        m_cv.notify_all();
    }

    /// Batch `i`'s state (under the lock).
    Batch::State state(std::size_t i) {
        std::lock_guard lk(m_mu);
        return m_batches[i].state;
    }

    /// Blocks until batch `i` is done.
    void wait_done(std::size_t i) {
        std::unique_lock lk(m_mu);
        m_cv.wait(lk, [&] { return m_batches[i].state == Batch::State::done; });
    }

    void handed_out(std::size_t count) {
        std::lock_guard lk(m_mu);
        m_handed = count;
        m_cv.notify_all();
    }

    void stop() {
        std::lock_guard lk(m_mu);
        m_stop = true;
        m_cv.notify_all();
    }

private:
    std::vector<Batch>& m_batches;
    std::mutex m_mu;
    std::condition_variable m_cv;
    std::size_t m_next = 0;    ///< first batch nobody has claimed
    std::size_t m_handed = 0;  ///< batches handed out so far
    bool m_stop = false;
    std::vector<std::vector<Node>> m_garbage;
};

// Stops and joins the worker on every exit, exceptions from the sink included.
class Worker {
public:
    Worker(Schedule& s, std::thread t) : m_schedule(s), m_thread(std::move(t)) {}
    ~Worker() {
        m_schedule.stop();
        m_thread.join();
    }
    Worker(const Worker&) = delete;
    Worker& operator=(const Worker&) = delete;

private:
    Schedule& m_schedule;
    std::thread m_thread;
};

}  // namespace

ListParallelResult parse_list_parallel(std::uint32_t file_id, const Chunk& chunk, const ListLayout& layout,
                                       const LoadOptions& opt, const std::function<void(Node&&)>& sink) {
    ListParallelResult out;
    std::vector<Batch> batches = make_batches(layout, opt.list_batch_bytes);
    if (batches.size() < 2 || !wrapper_is_plain_list(file_id, chunk, layout, opt)) {
        return out;
    }
    Schedule schedule(batches);
    std::thread thread;
    try {
        thread = std::thread([&] {
            std::vector<std::vector<Node>> garbage;
            while (Batch* b = schedule.claim(true, &garbage)) {
                garbage.clear();
                parse_batch_guarded(file_id, chunk, layout, opt, *b);
                schedule.finish(*b);
            }
        });
    } catch (const std::system_error&) {
        return out;  // no thread to be had: the one-pass parse does it all
    }
    Worker worker(schedule, std::move(thread));
    for (std::size_t i = 0; i < batches.size();) {
        Batch::State st = schedule.state(i);
        if (st != Batch::State::done) {
            // Parse ahead rather than wait; wait only when the window is full.
            if (Batch* b = schedule.claim(false)) {
                parse_batch_guarded(file_id, chunk, layout, opt, *b);
                schedule.finish(*b);
            } else {
                schedule.wait_done(i);
            }
            continue;
        }
        Batch& b = batches[i];
        if (!b.clean) {
            return out;  // the one-pass parse takes over from here
        }
        for (Node& n : b.objects) {
            sink(std::move(n));
            ++out.handed;
        }
        if (b.by_worker) {
            schedule.give_back(std::move(b.objects));
        }
        std::vector<Node>().swap(b.objects);
        schedule.handed_out(++i);
    }
    out.complete = true;
    return out;
}

}  // namespace kg::model::yaml
