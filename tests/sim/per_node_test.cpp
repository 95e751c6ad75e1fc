// sim/per_node.h: scratch values per node that start over with every use. The fair-sharing
// target search and iterator rely on a fresh array reading as its initial value everywhere,
// although its buffer is one an earlier search wrote.
#include "sim/per_node.h"

#include <catch2/catch.hpp>

TEST_CASE("PerNode reads its initial value until written, also on a reused buffer", "[sim][fair-sharing]") {
    {
        kg::sim::PerNode<int> a(8, -1);
        for (std::size_t n = 0; n < 8; ++n) a[n] = static_cast<int>(n);
        CHECK(a[3] == 3);
    }  // a's buffer goes back to the pool, values and all
    kg::sim::PerNode<int> b(8, -1);  // takes that buffer
    for (std::size_t n = 0; n < 8; ++n) CHECK(b[n] == -1);
    b[2] = 7;
    {
        kg::sim::PerNode<int> c(16, 0);  // alive beside b: a buffer of its own, grown
        for (std::size_t n = 0; n < 16; ++n) CHECK(c[n] == 0);
        c[2] = 9;
        CHECK(b[2] == 7);
    }
    CHECK(b[2] == 7);
    CHECK(b[5] == -1);
    kg::sim::PerNode<char> d(4, 1);
    CHECK(d[0] == 1);
}
