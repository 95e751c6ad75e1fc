list(APPEND KG_MODEL_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/fields.cpp
  ${CMAKE_CURRENT_LIST_DIR}/decode_object.cpp
  ${CMAKE_CURRENT_LIST_DIR}/decode_queues.cpp
  ${CMAKE_CURRENT_LIST_DIR}/decode_pod.cpp
  ${CMAKE_CURRENT_LIST_DIR}/decode_workload.cpp
  ${CMAKE_CURRENT_LIST_DIR}/decode_misc.cpp
  ${CMAKE_CURRENT_LIST_DIR}/decode_tas.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kueue_config_validate.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kueue_config_fields.cpp
  ${CMAKE_CURRENT_LIST_DIR}/decode_rbac.cpp
)
