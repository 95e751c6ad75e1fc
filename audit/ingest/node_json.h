// A loader tree (model/yaml/node.h) written back as compact JSON, so objects from YAML or
// JSON exports and YAML EventLists go through the same extractor as audit log lines.
// Plain YAML scalars that read as numbers or booleans become JSON numbers/booleans.
#pragma once

#include "model/yaml/node.h"

#include <string>

namespace kg::audit::ingest {

void node_to_json(const model::yaml::Node& n, std::string& out);

}  // namespace kg::audit::ingest
