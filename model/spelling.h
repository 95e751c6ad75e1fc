// "Did you mean": the closest known spelling of a misspelt name (field, kind, queue,
// policy key), by edit distance, as kubectl and clang print it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kg::model {

/// Optimal string alignment distance (insert, delete, substitute, swap two neighbours).
std::size_t edit_distance(std::string_view a, std::string_view b);

/// The candidate closest to `s` within `max_distance` (ties: the first listed), or "" when none
/// is that close or `s` itself is a candidate. A default bound of a third of the length (at
/// least 1, at most 3) keeps short names from matching everything.
std::string closest_spelling(std::string_view s, const std::vector<std::string_view>& candidates,
                             std::size_t max_distance = 0);

/// `; did you mean "x"?` for closest_spelling, else "".
std::string did_you_mean(std::string_view s, const std::vector<std::string_view>& candidates,
                         std::size_t max_distance = 0);

}  // namespace kg::model
