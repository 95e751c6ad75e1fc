// Shared by the replay input readers: reading a file into the cluster's file table,
// and putting arrivals in time order with UIDs that keep that order.
#pragma once

#include "model/cluster.h"
#include "model/diagnostic.h"
#include "model/loader.h"
#include "sim/replay/arrivals.h"

#include <string>

namespace kg::sim::replay {

/// Reads `path` ("-" is stdin) within the byte limits of `opt` into `text` and registers it in
/// the cluster's file table. False (with "PATH: error: cannot read: why") when it cannot be read
/// or exceeds a limit: a device, FIFO or endless stream stops at the limit.
bool read_input_file(const std::string& path, model::Cluster& cluster, std::string& text, std::uint32_t& file_id,
                     model::DiagSink& diags, const model::LoadOptions& opt);

/// Sorts arrivals[first..] by arrival time (stable) and numbers their UIDs in that order, so
/// workloads created in the same second break ties (R4.2: UID ascending) in creation order.
void order_arrivals(std::vector<Arrival>& arrivals, std::size_t first);

}  // namespace kg::sim::replay
