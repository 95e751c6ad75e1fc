// The source's SHA-256 computed beside the reader: hashing every raw byte on the read path was
// 9% of an ingest's time (issue 18), and the hash is needed only when the source is sealed.
// Chunks are copied into a small pool and hashed in order by one worker thread; the reader
// waits only when the worker is four chunks behind. Without a thread (creation failed) the
// bytes are hashed inline, with the same result.
#pragma once

#include "audit/sha256.h"

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace kg::audit::ingest {

class BackgroundSha256 {
public:
    BackgroundSha256() = default;
    ~BackgroundSha256();
    BackgroundSha256(const BackgroundSha256&) = delete;
    BackgroundSha256& operator=(const BackgroundSha256&) = delete;

    /// Queues `n` bytes (copied: the caller may reuse `data` at once).
    void update(const char* data, std::size_t n);
    /// Hex digest of every byte queued so far (waits for the worker); the hash starts over.
    std::string hex();

private:
    void run();
    void start();

    Sha256 m_sha;  ///< touched by the worker only while it runs
    std::mutex m_mu;
    std::condition_variable m_cv;
    std::deque<std::vector<char>> m_queue;  ///< chunks waiting, oldest first
    std::vector<std::vector<char>> m_free;  ///< hashed chunks kept for reuse
    bool m_busy = false;                    ///< the worker is hashing a chunk it took
    bool m_stop = false;
    bool m_started = false, m_inline = false;
    std::thread m_worker;
};

}  // namespace kg::audit::ingest
