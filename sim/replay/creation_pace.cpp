#include "sim/replay/creation_pace.h"

#include <functional>
#include <queue>
#include <tuple>

namespace kg::sim::replay {

void pace_creations(std::vector<Arrival>& arrivals, const std::vector<CreationStream>& streams, ClientRate rate) {
    TokenBucket bucket(rate);
    // (wakes at, stream, next position in the stream): the goroutines that are due, earliest
    // first, so the bucket sees its requests in time order as TokenBucket::reserve requires.
    using Due = std::tuple<std::int64_t, std::size_t, std::size_t>;
    std::priority_queue<Due, std::vector<Due>, std::greater<>> due;
    for (std::size_t s = 0; s < streams.size(); ++s) {
        if (streams[s].count > 0) {
            due.emplace(streams[s].interval_ms, s, 0);  // time.After(delay) before the first Create
        }
    }
    while (!due.empty()) {
        const auto [wake, s, k] = due.top();
        due.pop();
        const CreationStream& st = streams[s];
        const std::int64_t sent = bucket.reserve(wake);
        arrivals[st.first + k].arrival_ms = sent;
        if (k + 1 < st.count) {
            due.emplace(sent + st.interval_ms, s, k + 1);  // the next sleep starts when Create returns
        }
    }
}

}  // namespace kg::sim::replay
