//! How every terrain is lit: [`Shading`], a small material of the page's own.

use three_d::{
    vec3, ColorMapping, EffectMaterialId, Light, Material, MaterialType, Program, RenderStates,
    ToneMapping, Viewer,
};

/// How every terrain is lit: its vertex colours under an even sky light plus a sun from one
/// side, high up, so slopes facing away from it are darker and the relief reads at a glance.
/// Diffuse (Lambert) only, as suits rock and grass; the picture then goes through the camera's
/// tone and colour mapping like any three-d material. Written for the page rather than using
/// three-d's physically based material and lights: that needs several kilobytes of shader
/// source and code for textures and deferred rendering the terrains never use (see README,
/// "Size"). A vertex's alpha is how much of the sun reaches it (1 but in the Land view's cast
/// shadows), and the sun stands where `toward` points.
pub struct Shading {
    /// Towards the sun, a unit vector in the world (x east, y up, z south).
    pub toward: [f32; 3],
}

/// Towards the sun every view but the Land view is lit by: high in the south-east.
pub const TOWARD_SUN: [f32; 3] = [0.48666, 0.81111, 0.32444];

/// The fragment shader of [`Shading`]; `nor` and `col` come from three-d's mesh vertex shader
/// (world-space normal, linear vertex colour).
const SHADING_FRAG: &str = "
in vec3 nor;
in vec4 col;
layout (location = 0) out vec4 outColor;
// Light from the sky, all around, and from the sun (towardSun), which the vertex alpha lets
// through (0 in a cast shadow).
uniform vec3 towardSun;
const float SKY = 0.45;
const float SUN = 0.67;
void main()
{
    vec3 normal = normalize(gl_FrontFacing ? nor : -nor);
    float sun = SUN * max(dot(normal, towardSun), 0.0) * col.a;
    vec3 color = col.rgb * (SKY + sun);
    outColor = vec4(color_mapping(tone_mapping(color)), 1.0);
}
";

impl Material for Shading {
    fn id(&self) -> EffectMaterialId {
        // Any ID in three-d's public range (below 0x5000) names a material of ours.
        EffectMaterialId(0x0001)
    }

    fn fragment_shader_source(&self, _lights: &[&dyn Light]) -> String {
        [
            ToneMapping::fragment_shader_source(),
            ColorMapping::fragment_shader_source(),
            SHADING_FRAG,
        ]
        .concat()
    }

    fn use_uniforms(&self, program: &Program, viewer: &dyn Viewer, _lights: &[&dyn Light]) {
        let [x, y, z] = self.toward;
        program.use_uniform("towardSun", vec3(x, y, z));
        viewer.tone_mapping().use_uniforms(program);
        viewer.color_mapping().use_uniforms(program);
    }

    fn render_states(&self) -> RenderStates {
        RenderStates::default()
    }

    fn material_type(&self) -> MaterialType {
        MaterialType::Opaque
    }
}
