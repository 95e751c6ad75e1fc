// report/html_text.h: HTML text with break points inside long identifiers only.
#include "report/html_text.h"

#include <catch2/catch.hpp>

using kg::report::html_text;

TEST_CASE("html_text escapes and adds break points only inside long identifiers", "[report]") {
    struct Case {
        const char* in;
        const char* out;
    };
    const Case cases[] = {
        {"warning", "warning"},                        // a word stays whole
        {"internationalization", "internationalization"},  // however long a real word is
        {"Bypassed/internationalization-controller", "Bypassed/<wbr>internationalization-controller"},
        {"a <b> & \"c\"", "a &lt;b&gt; &amp; &quot;c&quot;"},
        {"Job/ml/train", "Job/ml/train"},              // short: no break points
        {"system:serviceaccount:flux-system:kustomize-controller",
         "system:<wbr>serviceaccount:<wbr>flux-system:<wbr>kustomize-controller"},
        {"spec.resourceGroups[0].flavors[1]", "spec.<wbr>resourceGroups<wbr>[0]<wbr>.<wbr>flavors<wbr>[1]"},
        {"af6b4ce1ac1e6f9069da3487ea0fbe09f093f5228b96cf5d1916f88488e644bd",
         "af6b4ce1ac1e6f90<wbr>69da3487ea0fbe09<wbr>f093f5228b96cf5d<wbr>1916f88488e644bd"},
        {"two words/with-a/long_identifier_inside", "two words/<wbr>with-a/<wbr>long_identifier_inside"},
        {"<script>alert(1)</script>", "&lt;script&gt;alert<wbr>(1)<wbr>&lt;/<wbr>script&gt;"},
    };
    for (const Case& c : cases) {
        INFO(c.in);
        CHECK(html_text(c.in) == c.out);
    }
}
