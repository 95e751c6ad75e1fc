// Filling the history rules' view (audit/check/view.h) from the evidence store: shared by
// `audit check` and `report --db`, so both judge the same history the same way.
#pragma once

#include "audit/check/view.h"

namespace kg::audit {
class EvidenceStore;
}

namespace kg::cli {

/// Reads every history table into `v`. Quota intervals and versions cover `v.period` (or, when
/// it is open, all the evidence up to the last time it shows).
void fill_history_view(const audit::EvidenceStore& store, audit::check::HistoryView& v);

}  // namespace kg::cli
