// Edit distance for "did you mean" hints: small inputs (field and object names), so the
// plain dynamic programme over two rows of the matrix is enough.
#include "model/spelling.h"

#include <algorithm>

namespace kg::model {

std::size_t edit_distance(std::string_view a, std::string_view b) {
    // Three rows: the transposition case (Damerau's "OSA") looks two rows back.
    std::vector<std::size_t> prev2(b.size() + 1), prev(b.size() + 1), cur(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) {
        prev[j] = j;
    }
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
                cur[j] = std::min(cur[j], prev2[j - 2] + 1);
            }
        }
        std::swap(prev2, prev);
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

std::string closest_spelling(std::string_view s, const std::vector<std::string_view>& candidates,
                             std::size_t max_distance) {
    if (max_distance == 0) {
        max_distance = std::clamp<std::size_t>(s.size() / 3, 1, 3);
    }
    std::string_view best;
    std::size_t best_d = max_distance + 1;
    for (std::string_view c : candidates) {
        if (c == s) {
            return "";
        }
        // The distance is at least the difference in length: skip the matrix when that is too far.
        std::size_t len_gap = c.size() > s.size() ? c.size() - s.size() : s.size() - c.size();
        if (len_gap >= best_d) {
            continue;
        }
        std::size_t d = edit_distance(s, c);
        if (d < best_d) {
            best_d = d;
            best = c;
        }
    }
    return std::string(best);
}

std::string did_you_mean(std::string_view s, const std::vector<std::string_view>& candidates,
                         std::size_t max_distance) {
    std::string c = closest_spelling(s, candidates, max_distance);
    return c.empty() ? "" : "; did you mean \"" + c + "\"?";
}

}  // namespace kg::model
