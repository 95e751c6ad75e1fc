// Independent pieces of work spread over the machine's cores: chargeback charges each cluster
// on its own (a cluster's queues are its own), so ten clusters need not take ten times one.
#pragma once

#include <cstddef>
#include <functional>

namespace kg::audit {

/// Calls fn(i) for every i in [0, n), on up to `threads` threads, the calling one among them
/// (0: one per core). Each i runs exactly once; which thread runs it is unspecified, so fn
/// must touch only what belongs to i (results go to a slot per i). When calls throw, the
/// exception of the lowest i is rethrown once every call has finished; with no second thread
/// available (creation failed) everything runs on the calling thread, in order.
void parallel_each(std::size_t n, const std::function<void(std::size_t)>& fn, unsigned threads = 0);

}  // namespace kg::audit
