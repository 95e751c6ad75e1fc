#include "audit/ingest/background_hash.h"

#include <cstring>
#include <system_error>

namespace kg::audit::ingest {

namespace {
/// Chunks waiting before the reader waits: bounds the copies to a few read buffers.
constexpr std::size_t k_max_queued = 4;
}  // namespace

BackgroundSha256::~BackgroundSha256() {
    {
        std::lock_guard lock(m_mu);
        m_stop = true;
    }
    m_cv.notify_all();
    if (m_worker.joinable()) m_worker.join();
}

void BackgroundSha256::start() {
    m_started = true;
    try {
        m_worker = std::thread([this] { run(); });
    } catch (const std::system_error&) {
        m_inline = true;  // no thread to be had: hash on the caller's thread
    }
}

void BackgroundSha256::update(const char* data, std::size_t n) {
    if (n == 0) return;
    if (!m_started) start();
    if (m_inline) {
        m_sha.update(data, n);
        return;
    }
    std::unique_lock lock(m_mu);
    m_cv.wait(lock, [&] { return m_queue.size() < k_max_queued; });
    std::vector<char> chunk;
    if (!m_free.empty()) {
        chunk = std::move(m_free.back());
        m_free.pop_back();
    }
    lock.unlock();
    chunk.assign(data, data + n);  // copied outside the lock, so the worker is not held up
    lock.lock();
    m_queue.push_back(std::move(chunk));
    lock.unlock();
    m_cv.notify_all();
}

void BackgroundSha256::run() {
    std::unique_lock lock(m_mu);
    for (;;) {
        m_cv.wait(lock, [&] { return m_stop || !m_queue.empty(); });
        if (m_queue.empty()) return;  // stopping, and nothing is left to hash
        std::vector<char> chunk = std::move(m_queue.front());
        m_queue.pop_front();
        m_busy = true;
        lock.unlock();
        m_sha.update(chunk.data(), chunk.size());
        lock.lock();
        m_busy = false;
        m_free.push_back(std::move(chunk));
        m_cv.notify_all();
    }
}

std::string BackgroundSha256::hex() {
    if (!m_inline) {
        std::unique_lock lock(m_mu);
        m_cv.wait(lock, [&] { return m_queue.empty() && !m_busy; });
    }
    // The worker is idle until the next update(), which happens after this returns: the
    // mutex above orders its last m_sha.update() before this read.
    return m_sha.hex();
}

}  // namespace kg::audit::ingest
