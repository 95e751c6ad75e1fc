// Kueue's spelling of each enum value, for output and field-level diffs.
#pragma once

#include "model/objects.h"

#include <optional>
#include <string>

namespace kg::model {

const char* name_of(QueueingStrategy v);
const char* name_of(StopPolicy v);
const char* name_of(WithinClusterQueue v);
const char* name_of(ReclaimWithinCohort v);
const char* name_of(BorrowWithinCohortPolicy v);
const char* name_of(WhenCanBorrow v);
const char* name_of(WhenCanPreempt v);
const char* name_of(FungibilityPreference v);  ///< "" when unset

/// "team=a,tier In (x,y)"; "{}" for an empty selector; "<none>" for a nil one.
std::string selector_string(const std::optional<LabelSelector>& sel);

}  // namespace kg::model
