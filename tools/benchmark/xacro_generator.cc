#include "tools/benchmark/xacro_generator.h"

namespace benchmark {

std::string GenerateXacro(int calls) {
  std::string s =
      "<?xml version=\"1.0\"?>\n<robot name=\"generated\" "
      "xmlns:xacro=\"http://www.ros.org/wiki/xacro\">\n"
      "  <xacro:property name=\"scale\" value=\"0.5\"/>\n"
      "  <xacro:macro name=\"segment\" params=\"i parent length:=1.0 *origin\">\n"
      "    <xacro:property name=\"mass\" value=\"${length * scale * 2}\"/>\n"
      "    <link name=\"link_${i}\">\n"
      "      <inertial><mass value=\"${mass}\"/>"
      "<inertia ixx=\"${mass * length**2 / 12}\" iyy=\"${mass / 3}\" izz=\"0.01\"/></inertial>\n"
      "      <visual><geometry><box size=\"${length} 0.1 0.1\"/></geometry></visual>\n"
      "    </link>\n"
      "    <joint name=\"joint_${i}\" type=\"${'revolute' if i % 2 else 'prismatic'}\">\n"
      "      <parent link=\"${parent}\"/><child link=\"link_${i}\"/>\n"
      "      <xacro:insert_block name=\"origin\"/>\n"
      "      <xacro:if value=\"${i % 2}\"><axis xyz=\"0 0 1\"/></xacro:if>\n"
      "      <limit lower=\"${-pi / 2}\" upper=\"${pi / 2}\" effort=\"10\" velocity=\"1\"/>\n"
      "    </joint>\n"
      "  </xacro:macro>\n"
      "  <link name=\"link_0\"/>\n";
  for (int i = 1; i <= calls; ++i) {
    s += "  <xacro:segment i=\"" + std::to_string(i) + "\" parent=\"link_" + std::to_string(i - 1) +
         "\" length=\"" + std::to_string(1 + i % 7) + ".25\">\n    <origin xyz=\"0 0 ${" +
         std::to_string(i % 5) + " * scale}\" rpy=\"0 0 0\"/>\n  </xacro:segment>\n";
  }
  return s + "</robot>\n";
}

}  // namespace benchmark
