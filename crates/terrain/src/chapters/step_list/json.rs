//! A link written as JSON, as the sidecar records a step, and read back.

use super::Link;

/// The key of what a step drawn by hand holds, where a link is written as JSON.
const DRAWN: &str = "drawn";

/// A link is written as the sidecar records a step: `{"step": NAME, FIELD: value, ...}`.
impl serde::Serialize for Link {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let pairs = self.pairs();
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("step", self.name())?;
        if !self.drawn().is_empty() {
            map.serialize_entry(DRAWN, self.drawn())?;
        }
        for (flag, value) in pairs {
            match serde_json::from_str::<serde_json::Value>(&value) {
                Ok(number) if number.is_number() => map.serialize_entry(flag, &number)?,
                _ => map.serialize_entry(flag, &value)?,
            }
        }
        map.end()
    }
}

/// A link read back from what [`Link`]'s `Serialize` writes.
impl<'de> serde::Deserialize<'de> for Link {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let fields = serde_json::Map::<String, serde_json::Value>::deserialize(deserializer)?;
        let name = fields.get("step").and_then(|v| v.as_str()).unwrap_or("");
        let mut link =
            Link::named(name).ok_or_else(|| D::Error::custom(format!("no step {name:?}")))?;
        if let Some(drawn) = fields.get(DRAWN).and_then(|v| v.as_str()) {
            link.set_drawn(drawn);
        }
        for (key, value) in fields
            .iter()
            .filter(|(key, _)| *key != "step" && *key != DRAWN)
        {
            let knob = link.knob_named(key);
            let knob = knob.ok_or_else(|| D::Error::custom(format!("{name} has no {key:?}")))?;
            let text = match value {
                serde_json::Value::String(text) => text.clone(),
                other => other.to_string(),
            };
            link.apply(knob, &text, crate::knobs::params::rust_decimal)
                .map_err(|e| D::Error::custom(e.message))?;
        }
        Ok(link)
    }
}
