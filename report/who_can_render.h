// Renders `kueuegov who-can` (rbac/who_can.h): per governed action, who can do it and through
// which binding and role, as text, JSON or Markdown (schema in man/kueuegov-who-can.1).
#pragma once

#include "model/source_pos.h"
#include "rbac/who_can.h"

#include <optional>
#include <ostream>
#include <vector>

namespace kg::report {

enum class WhoCanFormat { text, json, md };

/// `as`: the identity asked about (--as), or nullopt for every subject. `files` names the
/// files positions point into.
void render_who_can(std::ostream& out, const std::vector<rbac::ActionAnswer>& answers,
                    const std::optional<rbac::Identity>& as, const model::SourceFiles& files, WhoCanFormat f);

}  // namespace kg::report
