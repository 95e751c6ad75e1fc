// What a replay runs on: the queues and the arrivals, from Kueue's scheduler-performance
// generator config (with `manifests` replacing the generated queue objects of the same name, so
// a reviewer can replay a proposed policy against the generated load) or from a trace plus the
// manifests.
#pragma once

#include "model/cluster.h"
#include "model/diagnostic.h"
#include "model/loader.h"
#include "sim/replay/api_throughput.h"
#include "sim/replay/arrivals.h"

#include <map>
#include <string>
#include <vector>

namespace kg::sim::replay {

struct ReplayInput {
    model::Cluster cluster;
    std::vector<Arrival> arrivals;
    std::map<std::string, std::string> queue_classes;  ///< from the generator: queue -> class
    /// The controller-throughput model's rates: from the Kueue Configuration given (the
    /// `kueue_config` file, else one among the manifests); without one, the harness's client
    /// for a generator config (Kueue's harness ignores the Configuration), Kueue's defaults
    /// for a trace. `instant` as load_replay_input was asked.
    ThroughputOptions throughput;
};

/// Loads into `in`; problems go to `diags`. False when an input cannot be read.
/// Every file is read within the limits of `opt`, sharing its run byte count.
/// `kueue_config` (optional): a file holding Kueue's Configuration (or its ConfigMap); it
/// replaces a Configuration among the manifests, and a file without one is an error.
/// `instant` (replay --instant): no throughput model, so a generator's Workloads arrive on its
/// nominal schedule instead of being paced by the harness's creating client (creation_pace.h).
bool load_replay_input(const std::string& generator, const std::string& trace, const std::vector<std::string>& manifests,
                       ReplayInput& in, model::DiagSink& diags, const model::LoadOptions& opt = {},
                       const std::string& kueue_config = {}, bool instant = false);

}  // namespace kg::sim::replay
