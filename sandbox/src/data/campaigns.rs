//! Campaigns: the seeded network-wide ones plus those `criaCampanha` creates.

use std::sync::RwLock;

use serde::Serialize;

use super::reference::CAMPAIGNS;

#[derive(Clone, Debug, Serialize)]
pub struct Campaign {
    pub id: u32,
    pub nome: String,
    /// `None` for the network-wide campaigns every clinic sees.
    pub clinica: Option<u32>,
}

#[derive(Default)]
pub struct Campaigns {
    created: RwLock<Vec<Campaign>>,
}

impl Campaigns {
    fn seeded() -> impl Iterator<Item = Campaign> {
        CAMPAIGNS.iter().enumerate().map(|(i, name)| Campaign {
            id: i as u32 + 1,
            nome: (*name).to_owned(),
            clinica: None,
        })
    }

    /// Campaigns a clinic may use, in id order.
    pub fn visible_to(&self, clinic: u32) -> Vec<Campaign> {
        let created = self.created.read().expect("campaigns lock");
        Self::seeded()
            .chain(
                created
                    .iter()
                    .filter(|c| c.clinica == Some(clinic))
                    .cloned(),
            )
            .collect()
    }

    pub fn get(&self, id: u32) -> Option<Campaign> {
        let seeded = CAMPAIGNS.len() as u32;
        if (1..=seeded).contains(&id) {
            return Self::seeded().nth(id as usize - 1);
        }
        let created = self.created.read().expect("campaigns lock");
        created.get((id - seeded - 1) as usize).cloned()
    }

    /// Name of a campaign, empty when unknown (a record never points at one).
    pub fn name(&self, id: u32) -> String {
        self.get(id).map(|c| c.nome).unwrap_or_default()
    }

    pub fn create(&self, name: String, clinic: u32) -> u32 {
        let mut created = self.created.write().expect("campaigns lock");
        let id = CAMPAIGNS.len() as u32 + created.len() as u32 + 1;
        created.push(Campaign {
            id,
            nome: name,
            clinica: Some(clinic),
        });
        id
    }

    pub fn count(&self) -> usize {
        CAMPAIGNS.len() + self.created.read().expect("campaigns lock").len()
    }
}
