// MetaKey stands in for ObjectMeta::key() in the sets over every object (applied_view,
// KQ2009): two objects must be the same key exactly when their key strings are equal,
// including names and namespaces that hold a '/'.
#include "lint/meta_key.h"

#include <catch2/catch.hpp>

#include <unordered_set>
#include <utility>
#include <vector>

TEST_CASE("MetaKey equals and hashes as ObjectMeta::key() does", "[lint][meta-key]") {
    const std::vector<std::pair<std::string, std::string>> names = {
        {"", "a"},     {"", "a/b"}, {"a", "b"},   {"a", "b/c"}, {"a/b", "c"}, {"", "a/b/c"},
        {"ab", "c"},   {"a", "bc"}, {"", "ab/c"}, {"team", "q"}, {"", ""},   {"x", ""},
    };
    std::vector<kg::model::ObjectMeta> metas;
    for (const auto& [ns, name] : names) {
        kg::model::ObjectMeta m;
        m.namespace_ = ns;
        m.name = name;
        metas.push_back(m);
    }
    int equal_pairs = 0;
    for (const auto& x : metas) {
        for (const auto& y : metas) {
            INFO("\"" << x.key() << "\" and \"" << y.key() << "\"");
            bool same = x.key() == y.key();
            CHECK((kg::lint::MetaKey(x) == kg::lint::MetaKey(y)) == same);
            if (same) {
                CHECK(kg::lint::MetaKey::Hash{}(kg::lint::MetaKey(x)) == kg::lint::MetaKey::Hash{}(kg::lint::MetaKey(y)));
                ++equal_pairs;
            }
        }
    }
    // 12 objects: "a/b" twice, "ab/c" twice and "a/b/c" three times.
    CHECK(equal_pairs == 12 + 2 + 2 + 6);
    std::unordered_set<kg::lint::MetaKey, kg::lint::MetaKey::Hash> set;
    for (const auto& m : metas) {
        set.insert(kg::lint::MetaKey(m));
    }
    CHECK(set.size() == 8);
}
