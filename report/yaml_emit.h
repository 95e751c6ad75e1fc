// Writes a JSON document as block-style YAML (for `-o yaml`), quoting strings
// that YAML would otherwise read as another type.
#pragma once

#include <nlohmann/json.hpp>

#include <ostream>

namespace kg::report {

void emit_yaml(std::ostream& out, const nlohmann::ordered_json& doc);

}  // namespace kg::report
