// report::escape_path_segment: names from the evidence (cluster names) as one directory name.
#include "report/escape.h"

#include <catch2/catch.hpp>

using kg::report::escape_path_segment;

TEST_CASE("a path segment never leaves or splits its directory") {
    CHECK(escape_path_segment("prod-eu_1.x") == "prod-eu_1.x");
    CHECK(escape_path_segment("a/b") == "a%2Fb");
    CHECK(escape_path_segment("..") == "%2E%2E");
    CHECK(escape_path_segment(".") == "%2E");
    CHECK(escape_path_segment("../x") == "..%2Fx");
    CHECK(escape_path_segment("50%") == "50%25");
    CHECK(escape_path_segment("a\nb") == "a%0Ab");
    CHECK(escape_path_segment("a=b") == "a%3Db");  // '=' would confuse a Hive key=value segment
    CHECK(escape_path_segment("\xc3\xa9") == "%C3%A9");
    CHECK(escape_path_segment("") == "_");
    CHECK(escape_path_segment("\\") == "%5C");
}
