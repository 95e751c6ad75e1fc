// The suppression annotation `kueuegov.io/ignore`. Syntax (documented in
// man/kueuegov-rules.7): clauses separated by ';', each `ID[,ID...]: reason`.
//   kueuegov.io/ignore: "KQ4005: StrictFIFO is deliberate; KQ4002,KQ4004: paused for migration"
// A reason is required; a clause without one, or with an unknown id, suppresses nothing
// and is reported by KQ1000.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kg::lint {

inline constexpr std::string_view k_ignore_annotation = "kueuegov.io/ignore";

struct IgnoreClause {
    std::vector<std::string> ids;
    std::string reason;
    std::string error;  ///< non-empty when the clause is malformed
};

std::vector<IgnoreClause> parse_ignore(std::string_view value);

}  // namespace kg::lint
