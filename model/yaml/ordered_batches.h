// Two threads parse batches ahead, the caller hands them out in order: the machinery
// shared by the List path (list_parallel.cpp: batches of items of one List document)
// and the stream path (stream_parallel.cpp: batches of small documents of one file).
// The caller's thread parses too and never waits while it can parse ahead; the worker
// stops when the window of batches parsed but not handed out is full.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace kg::model::yaml {

/// What a batch type carries for the schedule; a Batch derives from it.
struct BatchSlot {
    enum class State { waiting, claimed, done } state = State::waiting;
    bool by_worker = false;  ///< parsed (so allocated) by the worker thread
};

namespace detail {

// How many batches may be parsed ahead of the one being handed out: bounds memory
// (16 x 32 KiB of text as trees) while letting either thread run ahead when the
// other one is descheduled on a shared machine (with 4, the caller soon blocked
// on a batch held by a preempted worker).
constexpr std::size_t k_window = 16;

// Batch states, the claim counter and the hand-out position, all under one mutex. A
// claimed batch's contents belong to the claiming thread until it marks the batch done.
template <class Batch>
class Schedule {
public:
    explicit Schedule(std::vector<Batch>& batches) : m_batches(batches) {}

    /// The next batch to parse, or nullptr when there is none (or the run stopped).
    /// With `wait` (the worker), blocks while the window is full, and takes the spent
    /// batches it allocated back into `garbage` to free them itself: freeing them on
    /// the other thread would contend with this one on its malloc arena.
    Batch* claim(bool wait, std::vector<Batch>* garbage = nullptr) {
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
        b.state = BatchSlot::State::claimed;
        b.by_worker = wait;
        return &b;
    }

    /// Hands a spent batch back to the worker to free.
    void give_back(Batch&& spent) {
        std::lock_guard lk(m_mu);
        m_garbage.push_back(std::move(spent));
    }

    void finish(Batch& b) {
        std::lock_guard lk(m_mu);
        b.state = BatchSlot::State::done;
        m_cv.notify_all();
    }

    BatchSlot::State state(std::size_t i) {
        std::lock_guard lk(m_mu);
        return m_batches[i].state;
    }

    void wait_done(std::size_t i) {
        std::unique_lock lk(m_mu);
        m_cv.wait(lk, [&] { return m_batches[i].state == BatchSlot::State::done; });
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
    std::vector<Batch> m_garbage;
};

// Stops and joins the worker on every exit, exceptions from the hand-out included.
template <class Batch>
class Worker {
public:
    Worker(Schedule<Batch>& s, std::thread t) : m_schedule(s), m_thread(std::move(t)) {}
    ~Worker() {
        m_schedule.stop();
        m_thread.join();
    }
    Worker(const Worker&) = delete;
    Worker& operator=(const Worker&) = delete;

private:
    Schedule<Batch>& m_schedule;
    std::thread m_thread;
};

}  // namespace detail

enum class OrderedRun {
    no_thread,  ///< no worker thread could be started: nothing was parsed or handed out
    stopped,    ///< hand_out refused a batch: the batches before it were handed out
    complete,   ///< every batch was handed out
};

/// Parses every batch with `parse(Batch&)` (on the caller's thread or the worker's; it
/// must touch nothing but its batch and read-only inputs, and must not throw) and hands
/// them out in order with `hand_out(Batch&) -> bool` on the caller's thread, which may
/// move the batch's contents away; returning false stops the run there.
template <class Batch, class Parse, class HandOut>
OrderedRun run_ordered(std::vector<Batch>& batches, Parse parse, HandOut hand_out) {
    detail::Schedule<Batch> schedule(batches);
    std::thread thread;
    try {
        thread = std::thread([&] {
            std::vector<Batch> garbage;
            while (Batch* b = schedule.claim(true, &garbage)) {
                garbage.clear();
                parse(*b);
                schedule.finish(*b);
            }
        });
    } catch (const std::system_error&) {
        return OrderedRun::no_thread;
    }
    detail::Worker<Batch> worker(schedule, std::move(thread));
    for (std::size_t i = 0; i < batches.size();) {
        if (schedule.state(i) != BatchSlot::State::done) {
            // Parse ahead rather than wait; wait only when the window is full.
            if (Batch* b = schedule.claim(false)) {
                parse(*b);
                schedule.finish(*b);
            } else {
                schedule.wait_done(i);
            }
            continue;
        }
        Batch& b = batches[i];
        if (!hand_out(b)) {
            return OrderedRun::stopped;
        }
        if (b.by_worker) {
            schedule.give_back(std::move(b));
        }
        b = Batch{};
        schedule.handed_out(++i);
    }
    return OrderedRun::complete;
}

}  // namespace kg::model::yaml
