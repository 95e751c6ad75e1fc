list(APPEND KG_MODEL_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/diagnostic.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cluster.cpp
  ${CMAKE_CURRENT_LIST_DIR}/object_index.cpp
  ${CMAKE_CURRENT_LIST_DIR}/objects.cpp
  ${CMAKE_CURRENT_LIST_DIR}/enum_names.cpp
  ${CMAKE_CURRENT_LIST_DIR}/quantity.cpp
  ${CMAKE_CURRENT_LIST_DIR}/amount.cpp
  ${CMAKE_CURRENT_LIST_DIR}/selector.cpp
  ${CMAKE_CURRENT_LIST_DIR}/selector_text.cpp
  ${CMAKE_CURRENT_LIST_DIR}/time.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pod_requests.cpp
)
list(APPEND KG_MODEL_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/finding.cpp
  ${CMAKE_CURRENT_LIST_DIR}/rule_info.cpp
  ${CMAKE_CURRENT_LIST_DIR}/policy.cpp
  ${CMAKE_CURRENT_LIST_DIR}/purpose.cpp
  ${CMAKE_CURRENT_LIST_DIR}/purpose_decode.cpp
  ${CMAKE_CURRENT_LIST_DIR}/spelling.cpp
)
