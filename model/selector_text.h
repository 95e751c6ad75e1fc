// Label selectors written as kubectl's -l/--selector takes them ("team=a,tier!=gpu",
// "env in (prod,staging)", "!legacy"), parsed into the same LabelSelector that manifests use,
// so matching has one implementation (model/selector.cpp).
#pragma once

#include "model/result.h"
#include "model/selector.h"

#include <string_view>

namespace kg::model {

/// Parses the selector syntax of Kubernetes' labels.Parse (apimachinery pkg/labels/selector.go):
/// `k=v`, `k==v`, `k!=v`, `k in (a,b)`, `k notin (a,b)`, `k`, `!k`, `k>N`, `k<N`, joined by
/// commas. An empty text selects everything. The error says what was expected, where (a
/// 1-based column) and what was found.
Result<LabelSelector> parse_selector_text(std::string_view text);

}  // namespace kg::model
