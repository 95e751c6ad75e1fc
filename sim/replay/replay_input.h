// What a replay runs on: the queues and the arrivals, from Kueue's scheduler-performance
// generator config (with `manifests` replacing the generated queue objects of the same name, so
// a reviewer can replay a proposed policy against the generated load) or from a trace plus the
// manifests.
#pragma once

#include "model/cluster.h"
#include "model/diagnostic.h"
#include "model/loader.h"
#include "sim/replay/arrivals.h"

#include <map>
#include <string>
#include <vector>

namespace kg::sim::replay {

struct ReplayInput {
    model::Cluster cluster;
    std::vector<Arrival> arrivals;
    std::map<std::string, std::string> queue_classes;  ///< from the generator: queue -> class
};

/// Loads into `in`; problems go to `diags`. False when an input cannot be read.
/// Every file is read within the limits of `opt`, sharing its run byte count.
bool load_replay_input(const std::string& generator, const std::string& trace, const std::vector<std::string>& manifests,
                       ReplayInput& in, model::DiagSink& diags, const model::LoadOptions& opt = {});

}  // namespace kg::sim::replay
